import { textPdf } from '@caravanserai/test-kit';
import type { Locator, Page } from '@playwright/test';
import type { RunningApp } from './app-server.js';
import { expect } from './fixtures.js';
import { shootBothThemes } from './screenshots.js';
import { fitViewportToPage, row } from './workspace.js';

/** What the browser tests of files on a question share: sample files and the Scribe's gestures. */

/** A 96 by 64 picture of a desert under the sun. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAABkUlEQVR42u3Qy06TYRyE8blE1/8rMcYYYoghhignETnJyVpqraXWWkqpyBlEY4gxhLCei3Dlgo2JZOj3dvWSSX7rmeTB/QpNwIN3NAEPqzQBj97TBAzVaAIef6AJGK7TBDzZ4N3w5/ze/wafxUiDubsxzb8GGcfTj8zarXWuJe9jtMms9RkoeR/PPjFffda5lnaBsRbzVShQ2gUmPjNfhQKlXWCqzXwVCpR2gelN5qtQoLQLzHSYr0KB0i4wu8V8FQqUdoH5LrPWZ53kfSxuM2t9Bkrex1KPubu1ziDjWPnCu+HGNIPPYm2HJqD0lSagvEsTUNmjCaju0wTUDmgC6oc0AY0jmoDmMU1A64QmoH1KE9D5RhPQPaMJ6H2nCbiqhAm4XA8TcFEOE/D7bZiAX6UwAedvwgT8XAsT8GM1TMDZSpiA0+UwAcdLYQIOX4cJ2F8ME7C7ECZgZz5MQG8uTEB3NkxA51WYgPZMmIDWyzABzekwAY0XYQLqU2ECapNhAqoTYQIq42ECymNhAkrPw4S/YFIpu27RJHoAAAAASUVORK5CYII=';
export const PNG = Buffer.from(PNG_BASE64, 'base64');

/** A one-page PDF of a route. */
export const PDF = textPdf('Bukhara to Merv: 5 stages.');

/** What the server says when it refuses a file's type (415). */
export const ALLOWED =
  'Only PNG, JPEG, WebP and GIF images, PDF documents and UTF-8 text files (plain text, Markdown, CSV, JSON, source code) can be attached.';

export const scribe = (page: Page) => page.getByRole('textbox', { name: 'Scribe' });
export const chips = (page: Page) => page.getByRole('list', { name: 'Attached files' }).getByRole('listitem');
export const chip = (page: Page, name: string) => chips(page).filter({ hasText: name });

/** Chooses files with the paperclip, through the system's file picker. */
export async function attachWithButton(
  page: Page,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  const picker = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await picker).setFiles(files);
}

/** Pastes a PNG into the Scribe, as copying a picture and pressing Ctrl+V does. */
export async function pastePng(page: Page, name: string): Promise<void> {
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
export async function dragFile(page: Page, file: { name: string; type: string; text: string }, drop = true) {
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
export async function uploadsDone(page: Page): Promise<void> {
  await expect(page.getByRole('list', { name: 'Attached files' }).getByText('Uploading…')).toHaveCount(0);
}

export async function ask(page: Page, text: string): Promise<Locator> {
  await scribe(page).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  const answer = row(page, `Echo: ${text}`);
  await answer.getByRole('button', { name: 'Regenerate' }).waitFor();
  return row(page, text).first();
}

/** The natural width of an image once it has loaded (0 while it has not). */
export const loadedWidth = (image: Locator) =>
  image.evaluate((element) => {
    const img = element as HTMLImageElement;
    return img.complete ? img.naturalWidth : 0;
  });

/** The whole page in both themes, the window as tall as the page (sticky bars where they sit). */
export async function shootWholePage(page: Page, name: string): Promise<void> {
  const restore = await fitViewportToPage(page);
  await shootBothThemes(page, name);
  await restore();
}

/** Everything the fake provider was sent, as one string. */
export const sentBodies = (app: RunningApp) =>
  JSON.stringify(app.fake.requests.map((request) => request.body));
