import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { type SignedInUser, signedInUser, uniqueName } from '../support/flows.js';
import { shoot, shootBothThemes } from '../support/screenshots.js';
import { openTab, type Tab } from '../support/tab.js';
import { row } from '../support/workspace.js';

/** The lender (this browser, with a well on the fake provider) and a renter in a browser of their own. */
test.use({ appOptions: { user: 'alice', well: true } });
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };
const CAP = 50_000;
const QUESTION = 'How many days to Bukhara?';

let renterTab: Tab | undefined;
let renter: SignedInUser;

test.beforeAll(async ({ browser, app }) => {
  renterTab = await openTab(browser);
  renter = await signedInUser(renterTab.page, app, 'bob');
});
test.afterAll(async () => {
  await renterTab?.close();
});

const renterPage = (): Page => {
  if (!renterTab) throw new Error('The renter’s browser is not open.');
  return renterTab.page;
};
const main = (page: Page) => page.getByRole('main');
const offerCard = (page: Page, title: string) => main(page).getByRole('article', { name: title });
const region = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });

/**
 * The page loaded again at a phone's 390 px (its drawer and header are laid out for the width they
 * load at), with nothing wider than the screen; then the window as it was.
 */
async function shootPhone(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.reload();
  await ready();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, name);
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await ready();
}

test.describe('the well market', () => {
  test('lets alice offer her well for free with a monthly cap, from the Bazaar', async ({
    app,
    tab,
    owner: alice,
  }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/bazaar/`);
    await main(page).getByRole('link', { name: 'Wells for rent' }).click();
    await page.waitForURL(`${app.origin}/bazaar/wells/`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Wells for rent' })).toBeVisible();
    await expect(main(page).getByText('No well is offered yet.', { exact: false })).toBeVisible();

    await main(page).getByRole('button', { name: 'Offer a well' }).click();
    const dialog = page.getByRole('dialog', { name: 'Offer a well' });
    // Payments are off on this server: the price is fixed at free.
    await expect(dialog.getByText('only free offers are possible', { exact: false })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /Price per million tokens/ })).toHaveCount(0);
    await dialog.getByRole('combobox', { name: 'Well' }).click();
    await page.getByRole('option', { name: new RegExp(alice.wellTitle) }).click();
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Lent to friends on the road.');
    await dialog.getByRole('textbox', { name: /Monthly token cap per renter/ }).fill(String(CAP));
    const models = dialog.getByRole('textbox', { name: /Allowed models/ });
    await models.fill('gpt4');
    await dialog.getByRole('button', { name: 'Offer', exact: true }).click();
    // The server's word on the field, under the field.
    await expect(dialog.getByText('Name models as provider/model', { exact: false })).toBeVisible();
    await shoot(page, 'well-offer-dialog');
    await models.fill('');
    await dialog.getByRole('button', { name: 'Offer', exact: true }).click();
    await expect(dialog).toHaveCount(0);

    const card = offerCard(page, alice.wellTitle);
    await expect(card.getByText('Your offer')).toBeVisible();
    await expect(card).toContainText('Price: Free');
    await expect(card).toContainText('Cap: 50,000 tokens per renter a month');
    await expect(card.getByText('Lent to friends on the road.')).toBeVisible();
    const [offer] = (await alice.client.wellRental.offers()).results;
    expect(offer).toMatchObject({
      mine: true,
      price_per_million_tokens: 0,
      monthly_token_cap_per_renter: CAP,
    });
  });

  test('lets bob rent it from the market, reached from his wells page', async ({ app, owner: alice }) => {
    const page = renterPage();
    await page.goto(`${app.origin}/wells/`);
    await main(page).getByRole('link', { name: 'Wells for rent' }).click();
    await page.waitForURL(`${app.origin}/bazaar/wells/`);
    const card = offerCard(page, alice.wellTitle);
    await expect(card.getByRole('link', { name: alice.username })).toBeVisible();
    await expect(card).toContainText('0 renters');
    await card.getByRole('button', { name: 'Rent', exact: true }).click();
    await expect(card.getByText('Rented', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'End rental' })).toBeVisible();
    await expect(card).toContainText('1 renter');
    expect(await main(page).innerText()).not.toContain('sk-');

    // The pictures without the toast saying so.
    await expect(page.getByText('You rent “', { exact: false })).toHaveCount(0);
    await page.mouse.move(0, 0);
    await shootBothThemes(page, 'well-market');
    await shootPhone(page, 'well-market-390', () => card.getByText('Rented', { exact: true }).waitFor());
  });

  test('shows bob the rented well among his wells, as rented from alice, not his to change', async ({
    app,
    owner: alice,
  }) => {
    const page = renterPage();
    await page.goto(`${app.origin}/wells/list/`);
    const card = main(page).getByRole('link').filter({ hasText: alice.wellTitle });
    await expect(card.getByText(`Rented from: ${alice.username}`)).toBeVisible();
    await card.click();
    await page.waitForURL(`${app.origin}/wells/${alice.wellid}`);
    await expect(main(page).getByText(`Rented from: ${alice.username}`, { exact: false })).toBeVisible();
    await expect(main(page).getByText('API Key')).toHaveCount(0);
    await expect(main(page).getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Delete Well' })).toHaveCount(0);
    expect(await main(page).innerText()).not.toContain('sk-');
    const listed = (await renter.client.wells.list()).wells.find((well) => well.wellid === alice.wellid);
    expect(listed?.rental?.owner.username).toBe(alice.username);
    expect(listed && 'AUTH_MODEL_KEY' in listed).toBe(false);
  });

  test('lets bob make a logbook on it and ask: the answer comes through alice’s well', async ({
    owner: alice,
  }) => {
    const page = renterPage();
    await main(page).getByRole('link', { name: 'Create Logbook' }).click();
    await page.waitForURL((url) => url.pathname === '/logbooks/create/');
    const wellSelect = main(page).getByRole('combobox', { name: 'Select Well' });
    await expect(wellSelect).toHaveValue(alice.wellid);
    await expect(wellSelect.locator('option:checked')).toHaveText(
      `${alice.wellTitle} (rented from ${alice.username})`,
    );
    const title = uniqueName('Road to Bukhara ');
    await main(page).getByRole('textbox', { name: 'Title' }).fill(title);
    await main(page).getByRole('button', { name: 'Submit' }).click();
    await main(page).getByRole('heading', { level: 1, name: title }).waitFor();

    const scribe = page.getByRole('textbox', { name: 'Scribe' });
    await scribe.fill(QUESTION);
    await scribe.press('Enter');
    await row(page, `Echo: ${QUESTION}`).getByRole('button', { name: 'Regenerate' }).waitFor();
  });

  test('shows bob’s tokens on his rentals page, and bob among alice’s renters', async ({
    app,
    tab,
    owner: alice,
  }) => {
    const page = renterPage();
    await page.goto(`${app.origin}/bazaar/wells/`);
    await main(page).getByRole('link', { name: 'Your rentals' }).click();
    await page.waitForURL(`${app.origin}/bazaar/rentals/`);
    const [rental] = (await renter.client.wellRental.rentals()).renting;
    expect(rental?.tokens_this_month).toBeGreaterThan(0);
    const used = `${rental?.tokens_this_month.toLocaleString('en-US')} of 50,000`;
    const renting = region(page, 'Renting').getByRole('row').filter({ hasText: alice.wellTitle });
    await expect(renting.getByRole('cell', { name: used })).toBeVisible();
    await expect(renting.getByRole('link', { name: alice.username })).toBeVisible();
    await expect(renting.getByRole('cell', { name: 'Free' })).toBeVisible();
    await shootBothThemes(page, 'well-rentals-renter');
    // On a phone each rental is a card rather than a row, with nothing out of sight.
    await shootPhone(page, 'well-rentals-renter-390', () =>
      region(page, 'Renting').getByText(used, { exact: false }).waitFor(),
    );

    const own = tab.page;
    await own.goto(`${app.origin}/bazaar/rentals/`);
    const lending = region(own, 'Lending').getByRole('row').filter({ hasText: renter.username });
    await expect(lending.getByRole('cell', { name: used })).toBeVisible();
    await expect(lending.getByRole('cell', { name: alice.wellTitle, exact: true })).toBeVisible();
    const month = new Date().toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const earned = region(own, 'Earnings').getByRole('row').filter({ hasText: month });
    await expect(earned.getByRole('cell', { name: '$0.00' })).toBeVisible();
    await expect(region(own, 'Renting').getByText('You rent no well.')).toBeVisible();
    await shootBothThemes(own, 'well-rentals-owner');
    await shootPhone(own, 'well-rentals-owner-390', () => earned.waitFor());
  });

  test('lets bob end the rental, after which the well is gone from his list', async ({
    app,
    owner: alice,
  }) => {
    const page = renterPage();
    await region(page, 'Renting')
      .getByRole('button', { name: `End the rental of ${alice.wellTitle}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `End the rental of “${alice.wellTitle}”?` });
    await confirm.getByRole('button', { name: 'End rental' }).click();
    await expect(confirm).toHaveCount(0);
    const renting = region(page, 'Renting').getByRole('row').filter({ hasText: alice.wellTitle });
    await expect(renting.getByText(/^Ended /)).toBeVisible();

    await page.goto(`${app.origin}/wells/list/`);
    await expect(main(page).getByText('No wells found.')).toBeVisible();
    await expect(main(page).getByText(alice.wellTitle)).toHaveCount(0);
    const wells = (await renter.client.wells.list()).wells;
    expect(wells.some((well) => well.wellid === alice.wellid)).toBe(false);

    await page.goto(`${app.origin}/bazaar/wells/`);
    await expect(
      offerCard(page, alice.wellTitle).getByRole('button', { name: 'Rent', exact: true }),
    ).toBeVisible();
  });

  test('left no errors in either window', async ({ tab }) => {
    expect(tab.errors).toEqual([]);
    expect(renterTab?.errors).toEqual([]);
  });
});
