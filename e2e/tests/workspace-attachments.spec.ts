import { readFileSync } from 'node:fs';
import { createFakeWell, createLogbook, ORIGINS } from '@caravanserai/test-kit';
import {
  ALLOWED,
  ask,
  attachWithButton,
  chip,
  chips,
  dragFile,
  loadedWidth,
  PDF,
  PNG,
  PNG_BASE64,
  pastePng,
  sentBodies,
  shootWholePage,
  uploadsDone,
} from '../support/attachments.js';
import { expect, test } from '../support/fixtures.js';
import { uniqueName } from '../support/flows.js';
import { shoot, shootBothThemes } from '../support/screenshots.js';
import { openTab } from '../support/tab.js';
import { logArea, openLogbook, row } from '../support/workspace.js';

test.use({ appOptions: { user: 'attacher', well: true } });
test.describe.configure({ mode: 'serial' });

let logid = '';

test.beforeAll(async ({ app, owner, tab }) => {
  // A model that sees images (the owner's own fake well is a text-only llama).
  const well = await createFakeWell(owner.client, app.fake, {
    title: uniqueName('Vision Well '),
    origin_loc: ORIGINS.openai,
    AUTH_MODEL_KEY: 'sk-e2e-attachments-0123456789',
  });
  const logbook = await createLogbook(owner.client, {
    title: uniqueName('Attachments '),
    logwell: well.wellid,
    private: true,
  });
  logid = logbook.logid;
  await openLogbook(tab.page, app, logid);
});

test.describe('the workspace: files on a question', () => {
  test('attaches with the paperclip, by pasting and by dropping; each file can be taken off', async ({
    tab,
  }) => {
    const { page } = tab;
    await attachWithButton(page, [{ name: 'desert.png', mimeType: 'image/png', buffer: PNG }]);
    await chip(page, 'desert.png').waitFor();
    await uploadsDone(page);
    await expect(chip(page, 'desert.png')).toContainText('458 B');
    // An image chip shows the picture from this computer.
    expect(await loadedWidth(chip(page, 'desert.png').locator('img'))).toBe(96);

    // The same bytes again, under another name: attached once (the chip goes once it is uploaded).
    await pastePng(page, 'pasted.png');
    await page.getByText('pasted.png: the same file is attached already.').waitFor();
    await expect(chip(page, 'pasted.png')).toHaveCount(0);

    await dragFile(
      page,
      { name: 'notes.md', type: 'text/markdown', text: '# Stages\n\nBukhara, Merv.' },
      false,
    );
    const dropTarget = page.locator('[data-dragging]');
    await expect(dropTarget).toHaveAttribute('data-drop-label', 'Drop files to attach them');
    await shoot(page, 'workspace-attachments-drop');
    await dragFile(page, { name: 'notes.md', type: 'text/markdown', text: '# Stages\n\nBukhara, Merv.' });
    await chip(page, 'notes.md').waitFor();
    await expect(dropTarget).toHaveCount(0);
    await uploadsDone(page);
    await expect(chips(page)).toHaveCount(2);

    await page.getByRole('button', { name: 'Remove notes.md' }).click();
    await page.getByRole('button', { name: 'Remove desert.png' }).click();
    await expect(chips(page)).toHaveCount(0);
  });

  test('refuses a file type the server does not take, in its own words', async ({ tab }) => {
    const { page } = tab;
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(256, 0x90)]);
    await attachWithButton(page, [
      { name: 'caravan.exe', mimeType: 'application/octet-stream', buffer: exe },
    ]);
    await page.getByText(ALLOWED).waitFor();
    await page.getByText('caravan.exe was not attached').waitFor();
    await expect(chip(page, 'caravan.exe')).toHaveCount(0);

    await dragFile(page, {
      name: 'logo.svg',
      type: 'image/svg+xml',
      text: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    });
    await page.getByText('logo.svg was not attached').waitFor();
    await expect(chips(page)).toHaveCount(0);
  });

  test('takes at most ten files for one question, and says so', async ({ tab }) => {
    const { page } = tab;
    const notes = Array.from({ length: 11 }, (_, n) => ({
      name: `stage-${n + 1}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`Stage ${n + 1} of the road.`),
    }));
    await attachWithButton(page, notes);
    await page.getByText('A question carries at most 10 files.').waitFor();
    await expect(chips(page)).toHaveCount(10);
    await expect(chip(page, 'stage-11.txt')).toHaveCount(0);
    await uploadsDone(page);
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await shootBothThemes(page, 'workspace-attachments-chips-phone');
    if (wide) await page.setViewportSize(wide);
    for (let n = 1; n <= 10; n++) await page.getByRole('button', { name: `Remove stage-${n}.txt` }).click();
    await expect(chips(page)).toHaveCount(0);
  });

  test('sends a question with an image: the model gets it and the log shows it, full size on a click', async ({
    app,
    tab,
    owner,
  }) => {
    const { page } = tab;
    await pastePng(page, 'desert.png');
    await chip(page, 'desert.png').waitFor();
    await uploadsDone(page);
    await shootBothThemes(page, 'workspace-attachments-chip');
    app.fake.reset();
    const query = await ask(page, 'What does this picture show?');
    await expect(chips(page)).toHaveCount(0);

    // OpenAI's Responses API gets the picture as a data URL.
    expect(sentBodies(app)).toContain(`data:image/png;base64,${PNG_BASE64}`);
    const stored = await owner.client.logbooks.get(logid);
    expect(stored.log).toMatch(/<query [^>]*files="[a-z0-9]+"/);
    expect(stored.files.map((file) => [file.name, file.media_type, file.size])).toEqual([
      ['desert.png', 'image/png', 458],
    ]);

    const thumbnail = query.getByRole('img', { name: 'desert.png' });
    await expect.poll(() => loadedWidth(thumbnail)).toBe(96);
    await shootWholePage(page, 'workspace-attachments-image');

    // Read again from the server (not from the upload), the picture is fetched with the token.
    await page.reload();
    const reloaded = row(page, 'What does this picture show?')
      .first()
      .getByRole('img', { name: 'desert.png' });
    await expect.poll(() => loadedWidth(reloaded)).toBe(96);

    // Full size in both themes: the theme toggle is behind the dialog, so it is closed between.
    const open = row(page, 'What does this picture show?')
      .first()
      .getByRole('button', { name: 'Open desert.png' });
    const dialog = page.getByRole('dialog', { name: 'desert.png' });
    for (const theme of ['light', 'dark']) {
      await open.click();
      await expect.poll(() => loadedWidth(dialog.getByRole('img', { name: 'desert.png' }))).toBe(96);
      // Drawn once the dialog has faded in.
      await dialog.evaluate((element) =>
        Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
      );
      await shoot(page, `workspace-attachments-full-size-${theme}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).click();
    }
  });

  test('sends a PDF: the model gets it, and its chip in the log downloads it under its name', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    await attachWithButton(page, [{ name: 'route.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await chip(page, 'route.pdf').waitFor();
    await uploadsDone(page);
    app.fake.reset();
    const query = await ask(page, 'How many stages on this route?');
    expect(sentBodies(app)).toContain(PDF.toString('base64'));

    const download = query.getByRole('button', { name: `Download route.pdf, ${PDF.length} B` });
    await download.waitFor();
    const saving = page.waitForEvent('download');
    await download.click();
    const saved = await saving;
    expect(saved.suggestedFilename()).toBe('route.pdf');
    expect(readFileSync(await saved.path()).equals(PDF)).toBe(true);
    await shootWholePage(page, 'workspace-attachments-pdf');

    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await row(page, 'How many stages on this route?')
      .first()
      .getByRole('button', { name: /Download route\.pdf/ })
      .waitFor();
    await shootWholePage(page, 'workspace-attachments-phone');
    await expect.poll(() => loadedWidth(logArea(page).getByRole('img', { name: 'desert.png' }))).toBe(96);
    if (wide) await page.setViewportSize(wide);
  });

  test('shows the files of a public logbook to a visitor who is not signed in', async ({
    browser,
    app,
    owner,
  }) => {
    await owner.client.logbooks.patch(logid, { private: false });
    const visitor = await openTab(browser);
    try {
      const { page } = visitor;
      await openLogbook(page, app, logid);
      const picture = row(page, 'What does this picture show?')
        .first()
        .getByRole('img', { name: 'desert.png' });
      await expect.poll(() => loadedWidth(picture)).toBe(96);
      const saving = page.waitForEvent('download');
      await row(page, 'How many stages on this route?')
        .first()
        .getByRole('button', { name: /Download route\.pdf/ })
        .click();
      expect((await saving).suggestedFilename()).toBe('route.pdf');
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  test('the page logged no errors', async ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
