import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createFakeWell, entry, storedEntries } from '@caravanserai/test-kit';
import type { Locator, Page } from '@playwright/test';
import { expect, withLogbook } from '../support/fixtures.js';
import { logArea, openLogbook, row } from '../support/workspace.js';

// DESIGN 12, asking well: a logbook's model settings in the workspace header, and a reasoning
// model's thinking shown live, then folded above its answer.

const SEED = [entry('context', 'Answer briefly.')];

const test = withLogbook(SEED);
test.use({ appOptions: { user: 'asker', well: true } });
test.describe.configure({ mode: 'serial' });

const SHOTS = '/tmp/shots-asking';

const scribe = (page: Page) => page.getByRole('textbox', { name: 'Scribe' });
const settingsButton = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: /^Model settings/ });
const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Model settings' });

/** A picture of the window in the light theme and in the dark one, switched with the page's toggle. */
async function shootThemes(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const html = page.locator('html');
  // The dialog fades in.
  await page.waitForTimeout(300);
  for (let i = 0; i < 2; i++) {
    const scheme = await html.getAttribute('data-mantine-color-scheme');
    await page.screenshot({ path: join(SHOTS, `${name}-${scheme}.png`), fullPage });
    if (i === 1) break;
    // The toggle is in the app header; the settings dialog stays open (it closes only on a click inside the page).
    await page.evaluate(() =>
      document.querySelector<HTMLButtonElement>('[aria-label^="Switch to"]')?.click(),
    );
    await expect(html).toHaveAttribute('data-mantine-color-scheme', scheme === 'dark' ? 'light' : 'dark');
    await page.waitForTimeout(200);
  }
  await page.evaluate(() => document.querySelector<HTMLButtonElement>('[aria-label^="Switch to"]')?.click());
}

async function openSettings(page: Page): Promise<Locator> {
  await settingsButton(page).click();
  const dialog = settingsDialog(page);
  await dialog.waitFor();
  return dialog;
}

/** Types a number into a setting's box and stores it as Enter does. */
async function typeSetting(dialog: Locator, name: string, value: string): Promise<void> {
  const box = dialog.getByRole('textbox', { name, exact: true });
  await box.fill(value);
  await box.press('Enter');
}

/** Chooses a reasoning effort by its label, as a pointer does (the radio itself is drawn as a segment). */
async function chooseEffort(dialog: Locator, label: string): Promise<void> {
  await dialog
    .getByRole('radiogroup', { name: 'Reasoning effort' })
    .getByText(label, { exact: true })
    .click();
}

test.describe('the workspace: asking well', () => {
  test('changes the model settings from the header, keeps them, and says in words what is out of range', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    await openLogbook(page, app, seeded.logid);
    // Nothing set: the button says only what it is.
    await expect(settingsButton(page)).toHaveAccessibleName('Model settings');
    const dialog = await openSettings(page);
    await typeSetting(dialog, 'Temperature', '0.7');
    await typeSetting(dialog, 'Maximum answer length', '800');
    await chooseEffort(dialog, 'High');
    await expect(settingsButton(page)).toHaveAccessibleName('Model settings: 0.7 · 800 tokens · high');
    await expect
      .poll(async () => (await owner.client.logbooks.get(seeded.logid)).settings)
      .toEqual({ temperature: 0.7, max_output_tokens: 800, reasoning_effort: 'high' });

    // Escape closes the dialog and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(settingsButton(page)).toBeFocused();

    await page.reload();
    await expect(settingsButton(page)).toHaveAccessibleName('Model settings: 0.7 · 800 tokens · high');
    await expect(settingsButton(page)).toHaveText('0.7 · 800 tokens · high');

    // Out of range: the server's words beside the field, and nothing changed.
    const reopened = await openSettings(page);
    await expect(reopened.getByRole('textbox', { name: 'Temperature', exact: true })).toHaveValue('0.7');
    await expect(reopened.getByRole('radio', { name: 'High' })).toBeChecked();
    await typeSetting(reopened, 'Temperature', '3');
    await reopened.getByText('Temperature must be between 0 and 2.', { exact: true }).waitFor();
    await expect(reopened.getByRole('textbox', { name: 'Temperature', exact: true })).toHaveValue('3');
    await typeSetting(reopened, 'Maximum answer length', '300000');
    await reopened
      .getByText('The maximum answer length must be a whole number of tokens between 1 and 200000.', {
        exact: true,
      })
      .waitFor();
    expect((await owner.client.logbooks.get(seeded.logid)).settings).toEqual({
      temperature: 0.7,
      max_output_tokens: 800,
      reasoning_effort: 'high',
    });
    await expect(settingsButton(page)).toHaveAccessibleName('Model settings: 0.7 · 800 tokens · high');
    await shootThemes(page, 'settings-refused');

    // Put back: the typed number as it was, the default length.
    await typeSetting(reopened, 'Temperature', '0.7');
    await expect(reopened.getByText('Temperature must be between 0 and 2.')).toHaveCount(0);
    await typeSetting(reopened, 'Maximum answer length', '');
    await expect(settingsButton(page)).toHaveAccessibleName('Model settings: 0.7 · high');
    await shootThemes(page, 'settings-open');
    await page.keyboard.press('Escape');
    await reopened.waitFor({ state: 'detached' });

    // What the logbook asks is what the model is sent.
    app.fake.reset();
    await scribe(page).fill('How warm?');
    await scribe(page).press('Enter');
    await row(page, 'Echo: How warm?').getByRole('button', { name: 'Regenerate' }).waitFor();
    const body = app.fake.requests.at(-1)?.body as Record<string, unknown>;
    expect(body.temperature).toBe(0.7);
    expect(body.max_tokens ?? body.max_completion_tokens).toBeUndefined();
  });

  test('shows the settings dialog on a phone', async ({ tab }) => {
    const { page } = tab;
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const dialog = await openSettings(page);
    await expect(dialog.getByRole('slider', { name: 'Temperature slider' })).toBeVisible();
    await shootThemes(page, 'settings-phone');
    await page.keyboard.press('Escape');
    if (wide) await page.setViewportSize(wide);
  });

  test('says in words why a model refuses a setting, after asking', async ({ app, tab, owner, seeded }) => {
    const { page } = tab;
    const plain = await createFakeWell(owner.client, app.fake, { origin_loc: 'openai/gpt-4o' });
    await owner.client.logbooks.patch(seeded.logid, { logwell: plain.wellid });
    await page.reload();
    await settingsButton(page).waitFor();
    app.fake.reset();
    await scribe(page).fill('Think hard.');
    await scribe(page).press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Error fetching response from AI.' });
    await alert
      .getByText(
        'The model "openai/gpt-4o" does not reason: clear the reasoning effort in this logbook\'s settings.',
      )
      .waitFor();
    // Refused before anything was stored or sent: the question is given back.
    await expect(scribe(page)).toHaveValue('Think hard.');
    expect(app.fake.requests).toEqual([]);

    const dialog = await openSettings(page);
    await chooseEffort(dialog, 'Default');
    await expect(settingsButton(page)).toHaveAccessibleName('Model settings: 0.7');
    await page.keyboard.press('Escape');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await scribe(page).press('Enter');
    await row(page, 'Echo: Think hard.').getByRole('button', { name: 'Regenerate' }).waitFor();
  });

  test('shows a reasoning model thinking, then folds the thought above its answer, after a reload too', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    const thinker = await createFakeWell(owner.client, app.fake, {
      origin_loc: 'openai-compatible/deepseek-r1',
    });
    await owner.client.logbooks.patch(seeded.logid, { logwell: thinker.wellid });
    await page.reload();
    await settingsButton(page).waitFor();
    const thinking = 'The traveller asks about distance. Samarkand to Bukhara is roughly 270 km by road.';
    app.fake.enqueue({
      kind: 'reply',
      reasoning: thinking,
      text: 'About 270 km.',
      chunks: 8,
      chunkDelayMs: 250,
    });
    await scribe(page).fill('How far is Bukhara from Samarkand?');
    await scribe(page).press('Enter');
    // Live: 'Thinking…' and the thought as it grows, before any answer.
    const log = logArea(page);
    await log.getByText('Thinking…', { exact: true }).waitFor();
    await log.getByText('The traveller asks', { exact: false }).waitFor();
    await shootThemes(page, 'thinking-live', false);

    const answer = row(page, 'About 270 km.');
    const toggle = answer.getByRole('button', { name: /^Thought for \d+ s$/ });
    await toggle.waitFor();
    await answer.getByRole('button', { name: 'Regenerate' }).waitFor();
    await expect(log.getByText('Thinking…', { exact: true })).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(answer.getByText(thinking)).toHaveCount(0);

    const stored = await storedEntries(owner.client, seeded.logid);
    const thought = stored.find((e) => e.tag === 'comment' && e.attrs.kind === 'reasoning');
    expect(thought?.content).toBe(thinking);
    const seconds = Math.max(1, Number(thought?.attrs.seconds));
    await expect(toggle).toHaveText(`Thought for ${seconds} s`);
    // Drawn with its answer, never as a comment of its own.
    await expect(log.locator('[data-tag="comment"]')).toHaveCount(0);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await answer.getByText(thinking).waitFor();
    await shootThemes(page, 'thought-open', false);
    await toggle.press('Enter');
    await expect(answer.getByText(thinking)).toHaveCount(0);
    await shootThemes(page, 'thought-folded', false);

    await page.reload();
    const again = row(page, 'About 270 km.').getByRole('button', { name: `Thought for ${seconds} s` });
    await expect(again).toHaveAttribute('aria-expanded', 'false');
    await again.click();
    await row(page, 'About 270 km.').getByText(thinking).waitFor();

    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const phoneToggle = row(page, 'About 270 km.').getByRole('button', { name: /^Thought for/ });
    await phoneToggle.click();
    await shootThemes(page, 'thought-phone', false);
    if (wide) await page.setViewportSize(wide);
    await page.reload();
  });

  test('regenerates a thought-out answer with the arrows on the answer', async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    app.fake.enqueue({ kind: 'reply', reasoning: 'Check the road atlas once more.', text: 'Some 270 km.' });
    await row(page, 'About 270 km.').getByRole('button', { name: 'Regenerate' }).click();
    const second = row(page, 'Some 270 km.');
    await second.getByRole('group', { name: 'Version 2 of 2' }).waitFor();
    await second.getByRole('button', { name: /^Thought for/ }).waitFor();
    // The versions are the answers': the thought has no arrows of its own.
    await expect(logArea(page).getByRole('group', { name: /^Version/ })).toHaveCount(1);

    await second.getByRole('button', { name: 'Previous version' }).click();
    const first = row(page, 'About 270 km.');
    await first.getByRole('group', { name: 'Version 1 of 2' }).waitFor();
    await first.getByRole('button', { name: /^Thought for/ }).click();
    await first.getByText('The traveller asks about distance.', { exact: false }).waitFor();
    await first.getByRole('button', { name: 'Next version' }).click();
    await row(page, 'Some 270 km.').getByRole('group', { name: 'Version 2 of 2' }).waitFor();

    const stored = await storedEntries(owner.client, seeded.logid);
    const thoughts = stored.filter((e) => e.tag === 'comment' && e.attrs.kind === 'reasoning');
    expect(thoughts.map((e) => e.content)).toEqual([
      'The traveller asks about distance. Samarkand to Bukhara is roughly 270 km by road.',
      'Check the road atlas once more.',
    ]);
    // An answer the model did not think about keeps its own arrows, beside the thought-out ones.
    app.fake.enqueue({ kind: 'reply', text: 'Thought harder.' });
    await row(page, 'Echo: Think hard.').getByRole('button', { name: 'Regenerate' }).click();
    const plain = row(page, 'Thought harder.');
    await plain.getByRole('group', { name: 'Version 2 of 2' }).waitFor();
    await expect(plain.getByRole('button', { name: /^Thought for/ })).toHaveCount(0);
    await plain.getByRole('button', { name: 'Previous version' }).click();
    await row(page, 'Echo: Think hard.').getByRole('group', { name: 'Version 1 of 2' }).waitFor();
    await row(page, 'Some 270 km.').getByRole('group', { name: 'Version 2 of 2' }).waitFor();
    await page.reload();
    await row(page, 'Some 270 km.').getByRole('group', { name: 'Version 2 of 2' }).waitFor();
  });

  test("names the user's and the journal's instructions in what the model is sent", async ({
    app,
    tab,
    owner,
    seeded,
  }) => {
    const { page } = tab;
    const sentLine = page.locator('[data-memory-hint]');
    const before = await sentLine.innerText();
    expect(before).toMatch(/^The model is sent: (context entries|the conversation so far)/);
    const journal = await owner.client.journals.create({
      title: 'Travels',
      instructions: 'Cite your sources.',
    });
    await owner.client.logbooks.patch(seeded.logid, { journal: journal.jid });
    await owner.client.auth.updateUser({ instructions: 'Answer in English.' });
    await page.reload();
    const rest = before.replace('The model is sent: ', '');
    await expect(sentLine).toHaveText(
      `The model is sent: your instructions, this journal's instructions, ${rest}`,
    );
    app.fake.reset();
    await scribe(page).fill('Which sources?');
    await scribe(page).press('Enter');
    await row(page, 'Echo: Which sources?').getByRole('button', { name: 'Regenerate' }).waitFor();
    const system = (app.fake.requests.at(-1)?.messages ?? []).filter((m) => m.role === 'system');
    expect(system.map((m) => m.content).join('\n')).toMatch(/Answer in English\.[\s\S]*Cite your sources\./);

    // Only the ones there are; none, and the line is as it always was.
    await owner.client.auth.updateUser({ instructions: '' });
    await page.reload();
    await expect(sentLine).toHaveText(`The model is sent: this journal's instructions, ${rest}`);
    await owner.client.journals.patch(journal.jid, { instructions: '  ' });
    await page.reload();
    await expect(sentLine).toHaveText(before);
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
