import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE_LOGBOOKS } from '@caravanserai/api';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { signUpAndLogIn } from '../support/flows.js';
import { shootBothThemes } from '../support/screenshots.js';

/** The terminal bundle the server packs into the downloads; without it the server answers 503. */
const CLI_BUNDLE = join(import.meta.dirname, '..', '..', 'apps', 'cli', 'dist', 'mapper.mjs');

test.use({ appOptions: {} });
test.describe.configure({ mode: 'serial' });

const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page, name: string) =>
  main(page).getByRole('heading', { level: 1, name, exact: true }).waitFor();

test.describe('home', () => {
  test('shows the title, tagline, intro and the ways in', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/`);
    await h1(page, 'Caravanserai');
    await main(page)
      .getByText(
        'A resting place for your AI conversations: keep every question and answer as a Logbook you own.',
        { exact: true },
      )
      .waitFor();
    await main(page).getByText('On the old Silk Road a caravanserai was the inn', { exact: false }).waitFor();
    expect(await page.title()).toBe('Home · Caravanserai');

    const hrefs: [string, string][] = [
      ['Open the Shell', '/shell/'],
      ['Connect a Well', '/wells/'],
      ['Browse the examples', '/examples'],
      ['New Journey', '/logbooks/create/'],
      ['Load Journey', '/logbooks/list/'],
    ];
    for (const [name, href] of hrefs) {
      expect(await main(page).getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    }
    await main(page).getByText('Start a Logbook from scratch, or pick up one you already have.').waitFor();

    await main(page).getByRole('link', { name: 'Browse the examples', exact: true }).click();
    await page.waitForURL(`${app.origin}/examples`);
    await h1(page, 'Public Logbook Examples Page');
    await page.goBack();
    await main(page).getByRole('link', { name: 'New Journey', exact: true }).click();
    await page.waitForURL(`${app.origin}/logbooks/create/`);
  });

  test('shows the map image with its alt text and credit', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/`);
    const map = main(page).getByRole('img', {
      name: "The Silk Roads, from Chang'an to Constantinople and Venice",
      exact: true,
    });
    await map.waitFor();
    const description = await map.evaluate((svg) => {
      const id = svg.getAttribute('aria-describedby');
      return id ? (document.getElementById(id)?.textContent ?? '') : '';
    });
    expect(description).toMatch(/^Map of the historical Silk Roads\. Caravan routes leave Chang'an/);
    expect(description).toContain('Samarkand');
    const box = await map.boundingBox();
    expect(box?.width).toBeGreaterThan(600);
    expect(box?.height).toBeGreaterThan(200);

    const caption = main(page).locator('figure figcaption');
    expect(await caption.textContent()).toMatch(
      /^Map: Caravanserai, CC0\. Original artwork, dedicated to the public domain under CC0 1\.0\./,
    );
    expect(await caption.getByRole('link', { name: 'CC0 1.0' }).getAttribute('href')).toBe(
      'https://creativecommons.org/publicdomain/zero/1.0/',
    );
    await shootBothThemes(page, 'home');
  });

  test('fits a 390 px phone, the map scrolling inside its own region', async ({ app, tab }) => {
    const { page } = tab;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${app.origin}/`);
      await h1(page, 'Caravanserai');
      const region = main(page).getByRole('region', { name: 'Silk Road map' });
      await region.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await main(page).getByText('Scroll sideways to see the whole map.', { exact: true }).waitFor();
      await shootBothThemes(page, 'home-390');
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });
});

test.describe('about', () => {
  test('shows the about text and the contact line', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/about/`);
    await h1(page, 'About Caravanserai');
    await main(page)
      .getByText('Caravanserai keeps your conversations with AI models', { exact: false })
      .waitFor();
    await main(page).getByRole('heading', { level: 2, name: 'Contact' }).waitFor();
    const contact = main(page).getByText('Questions, bugs or ideas? Write to us at', { exact: false });
    expect(await contact.textContent()).toBe(
      'Questions, bugs or ideas? Write to us at support@caravanserai.local. To cancel a subscription, e-mail us with your username and subscription ID.',
    );
    expect(await contact.getByRole('link', { name: 'support@caravanserai.local' }).getAttribute('href')).toBe(
      'mailto:support@caravanserai.local',
    );
    await shootBothThemes(page, 'about');
  });
});

/** One question per FAQ topic, with a piece of its answer. */
const FAQ = [
  { topic: 'product', question: 'What is Caravanserai?', answer: 'A web application for keeping your AI' },
  { topic: 'shell', question: 'What is the shell?', answer: 'Mapper, a terminal with Unix-style commands' },
  { topic: 'export', question: 'How do I export a Logbook?', answer: "press 'Export as .xml file'" },
  { topic: 'Logbook', question: 'What is a Logbook?', answer: 'the running log of one conversation' },
  { topic: 'Journal', question: 'What is a Journal?', answer: 'A directory that holds Logbooks' },
  { topic: 'Caravan', question: 'What is a Caravan?', answer: 'A group, such as a team or a company' },
  { topic: 'Well', question: 'What is a Well?', answer: 'An AI model plus your account with its provider' },
  { topic: 'Bazaar', question: 'What is the Bazaar?', answer: 'A future marketplace, in development' },
  { topic: 'Mirage', question: 'What is a Mirage?', answer: 'A misleading or inaccurate AI answer.' },
  { topic: 'Salt', question: 'What does salting a Logbook do?', answer: 'Salting freezes a Logbook' },
  {
    topic: 'use cases',
    question: 'What do people use Caravanserai for?',
    answer: 'A few journeys it suits well',
  },
];

test.describe('FAQ', () => {
  for (const path of ['/FAQ', '/faq']) {
    test(`shows every topic's question at ${path}, each opened and closed by keyboard`, async ({
      app,
      tab,
    }) => {
      const { page } = tab;
      await page.goto(`${app.origin}${path}`);
      await h1(page, 'Frequently Asked Questions');
      expect(await page.title()).toBe('FAQ · Caravanserai');
      for (const { topic, question, answer } of FAQ) {
        const control = main(page).getByRole('button', { name: question, exact: true });
        await control.waitFor();
        const panel = main(page).getByRole('region', { name: question, exact: true });
        const text = panel.getByText(answer, { exact: false });
        expect(await text.isVisible(), topic).toBe(false);
        expect(await control.getAttribute('aria-expanded'), topic).toBe('false');

        await control.focus();
        await page.keyboard.press('Enter');
        await text.waitFor();
        expect(await control.getAttribute('aria-expanded'), topic).toBe('true');

        await page.keyboard.press('Space');
        await text.waitFor({ state: 'hidden' });
        expect(await control.getAttribute('aria-expanded'), topic).toBe('false');
      }
    });
  }

  test('looks right with a few answers open', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/faq`);
    await h1(page, 'Frequently Asked Questions');
    for (const question of ['What is Caravanserai?', 'What is the shell?', 'What is a Well?']) {
      await main(page).getByRole('button', { name: question, exact: true }).click();
    }
    await expect(
      main(page).getByRole('region', { name: 'What is a Well?' }).getByText('An AI model plus'),
    ).toBeVisible();
    // The header is fixed: a full-page shot taken scrolled down would paint it mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shootBothThemes(page, 'faq');
  });
});

test.describe('examples', () => {
  test('links the three seeded example Logbooks, each readable signed out', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/examples`);
    await h1(page, 'Public Logbook Examples Page');
    const exampleLinks = main(page).locator('a[href^="/logbooks/"]');
    expect(await exampleLinks.count()).toBe(3);
    expect(await exampleLinks.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual(
      EXAMPLE_LOGBOOKS.map((example) => `/logbooks/${example.logid}`),
    );
    for (const example of EXAMPLE_LOGBOOKS) {
      expect(await main(page).getByRole('link', { name: example.title, exact: true }).count()).toBe(1);
    }
    await shootBothThemes(page, 'examples');

    for (const example of EXAMPLE_LOGBOOKS) {
      await page.goto(`${app.origin}/examples`);
      await main(page).getByRole('link', { name: example.title, exact: true }).click();
      await page.waitForURL(`${app.origin}/logbooks/${example.logid}`);
      await h1(page, example.title);
      await main(page).getByText('owner: caravanserai', { exact: true }).waitFor();
      expect(await main(page).getByText('This Logbook is Forbidden...').count()).toBe(0);
    }
  });
});

test.describe('download', () => {
  test('asks a signed-out visitor to log in', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/download/`);
    await main(page)
      .getByText('To download the terminal application, please login.', { exact: true })
      .waitFor();
    expect(
      await main(page)
        .getByRole('button', { name: /Download/ })
        .count(),
    ).toBe(0);
    await shootBothThemes(page, 'download-signed-out');
    await main(page).getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${app.origin}/login/`);
  });

  test('offers the zip and the tarball once signed in', async ({ app, tab }) => {
    const { page } = tab;
    await signUpAndLogIn(page, app.origin, 'karim');
    await page.goto(`${app.origin}/download/`);
    await main(page).getByText('Select a format to download:', { exact: true }).waitFor();
    await main(page).getByRole('button', { name: 'Download Zip File', exact: true }).waitFor();
    await main(page).getByRole('button', { name: 'Download Tarball', exact: true }).waitFor();
    expect(await main(page).getByText('To download the terminal application, please login.').count()).toBe(0);
    await shootBothThemes(page, 'download-signed-in');
  });

  const packages = [
    { button: 'Download Zip File', filename: 'caravanserai.zip', magic: [0x50, 0x4b] },
    { button: 'Download Tarball', filename: 'caravanserai.tar.gz', magic: [0x1f, 0x8b] },
  ];
  for (const { button, filename, magic } of packages) {
    test(`'${button}' saves ${filename}, or says it failed when the server has no bundle`, async ({
      app,
      tab,
    }) => {
      const { page } = tab;
      await page.goto(`${app.origin}/download/`);
      const control = main(page).getByRole('button', { name: button, exact: true });
      await control.waitFor();
      if (existsSync(CLI_BUNDLE)) {
        const [download] = await Promise.all([page.waitForEvent('download'), control.click()]);
        expect(download.suggestedFilename()).toBe(filename);
        expect(await download.failure()).toBeNull();
        const saved = readFileSync(await download.path());
        expect([...saved.subarray(0, 2)]).toEqual(magic);
        expect(await main(page).getByRole('alert').count()).toBe(0);
      } else {
        await control.click();
        await main(page).getByRole('alert').getByText('Failed to download file.', { exact: true }).waitFor();
      }
    });
  }

  test('says the download failed when the server answers 500', async ({ app, tab }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/download/`);
    const control = main(page).getByRole('button', { name: 'Download Tarball', exact: true });
    await control.waitFor();
    expect(await main(page).getByRole('alert').count()).toBe(0);
    let asked = 0;
    await page.route('**/api/download/**', (route) => {
      asked += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Boom."}' });
    });
    try {
      await control.click();
      await main(page).getByRole('alert').getByText('Failed to download file.', { exact: true }).waitFor();
      expect(asked).toBe(1);
      await control.waitFor({ state: 'visible' });
      expect(await control.isEnabled()).toBe(true);
    } finally {
      await page.unroute('**/api/download/**');
    }
  });
});

test.describe('public pages', () => {
  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
