import { readFileSync } from 'node:fs';
import { createFakeWell, createLogbook, ORIGINS } from '@caravanserai/test-kit';
import type { Locator, Page } from '@playwright/test';
import type { RunningApp } from '../support/app-server.js';
import { expect, test } from '../support/fixtures.js';
import { uniqueName } from '../support/flows.js';
import { shoot, shootBothThemes } from '../support/screenshots.js';
import { openTab } from '../support/tab.js';
import { fitViewportToPage, logArea, openLogbook, row } from '../support/workspace.js';

test.use({ appOptions: { user: 'attacher', well: true } });
test.describe.configure({ mode: 'serial' });

/** A 96 by 64 picture of a desert under the sun. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAABkUlEQVR42u3Qy06TYRyE8blE1/8rMcYYYoghhignETnJyVpqraXWWkqpyBlEY4gxhLCei3Dlgo2JZOj3dvWSSX7rmeTB/QpNwIN3NAEPqzQBj97TBAzVaAIef6AJGK7TBDzZ4N3w5/ze/wafxUiDubsxzb8GGcfTj8zarXWuJe9jtMms9RkoeR/PPjFffda5lnaBsRbzVShQ2gUmPjNfhQKlXWCqzXwVCpR2gelN5qtQoLQLzHSYr0KB0i4wu8V8FQqUdoH5LrPWZ53kfSxuM2t9Bkrex1KPubu1ziDjWPnCu+HGNIPPYm2HJqD0lSagvEsTUNmjCaju0wTUDmgC6oc0AY0jmoDmMU1A64QmoH1KE9D5RhPQPaMJ6H2nCbiqhAm4XA8TcFEOE/D7bZiAX6UwAedvwgT8XAsT8GM1TMDZSpiA0+UwAcdLYQIOX4cJ2F8ME7C7ECZgZz5MQG8uTEB3NkxA51WYgPZMmIDWyzABzekwAY0XYQLqU2ECapNhAqoTYQIq42ECymNhAkrPw4S/YFIpu27RJHoAAAAASUVORK5CYII=';
const PNG = Buffer.from(PNG_BASE64, 'base64');

/** A one-page PDF saying `text`, its cross-reference table counted as it is written. */
function onePagePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 24 72 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, n) => {
    const at = pdf.length;
    pdf += `${n + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) pdf += `${String(at).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
const PDF = onePagePdf('Bukhara to Merv: 5 stages.');

/** What the server says when it refuses a file's type (415). */
const ALLOWED =
  'Only PNG, JPEG, WebP and GIF images, PDF documents and UTF-8 text files (plain text, Markdown, CSV, JSON, source code) can be attached.';

const scribe = (page: Page) => page.getByRole('textbox', { name: 'Scribe' });
const chips = (page: Page) => page.getByRole('list', { name: 'Attached files' }).getByRole('listitem');
const chip = (page: Page, name: string) => chips(page).filter({ hasText: name });

/** Chooses files with the paperclip, through the system's file picker. */
async function attachWithButton(
  page: Page,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  const picker = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await picker).setFiles(files);
}

/** Pastes a PNG into the Scribe, as copying a picture and pressing Ctrl+V does. */
async function pastePng(page: Page, name: string): Promise<void> {
  await scribe(page).evaluate(
    (box, { base64, fileName }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], fileName, { type: 'image/png' }));
      box.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    { base64: PNG_BASE64, fileName: name },
  );
}

/** Drags a file over the Scribe (`drop` false: held there) and drops it. */
async function dragFile(page: Page, file: { name: string; type: string; text: string }, drop = true) {
  await scribe(page).evaluate(
    (box, { name, type, text, dropIt }) => {
      const data = new DataTransfer();
      data.items.add(new File([text], name, { type }));
      box.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true, cancelable: true }));
      box.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      if (dropIt)
        box.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    { ...file, dropIt: drop },
  );
}

/** Waits until every chip is uploaded (none says it is uploading). */
async function uploadsDone(page: Page): Promise<void> {
  await expect(page.getByRole('list', { name: 'Attached files' }).getByText('Uploading…')).toHaveCount(0);
}

async function ask(page: Page, text: string): Promise<Locator> {
  await scribe(page).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  const answer = row(page, `Echo: ${text}`);
  await answer.getByRole('button', { name: 'Regenerate' }).waitFor();
  return row(page, text).first();
}

/** The natural width of an image once it has loaded (0 while it has not). */
const loadedWidth = (image: Locator) =>
  image.evaluate((element) => {
    const img = element as HTMLImageElement;
    return img.complete ? img.naturalWidth : 0;
  });

/** The whole page in both themes, the window as tall as the page (sticky bars where they sit). */
async function shootWholePage(page: Page, name: string): Promise<void> {
  const restore = await fitViewportToPage(page);
  await shootBothThemes(page, name);
  await restore();
}

/** Everything the fake provider was sent, as one string. */
const sentBodies = (app: RunningApp) => JSON.stringify(app.fake.requests.map((request) => request.body));

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
