import { entry } from '@caravanserai/test-kit';
import type { Page } from '@playwright/test';
import { expect, withLogbook } from '../support/fixtures.js';
import { openLogbook, row } from '../support/workspace.js';

// DESIGN 12: a logbook still called 'Default' is named after its first answer, by a small call
// of its own that the answer never waits for; the open page shows the new name without a reload.

const test = withLogbook([entry('context', 'Answer briefly.')], { title: 'Default' });
test.use({ appOptions: { user: 'namer', well: true } });
test.describe.configure({ mode: 'serial' });

const scribe = (page: Page) => page.getByRole('textbox', { name: 'Scribe' });
const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

test.describe('the workspace: a new logbook named after its answer', () => {
  test('shows the answer at once, then the title its well gave', async ({ app, tab, seeded }) => {
    const { page } = tab;
    await openLogbook(page, app, seeded.logid);
    await expect(heading(page)).toHaveText('Default');
    app.fake.reset();
    app.fake.enqueue({ kind: 'reply', text: 'Two hours by the fast train.' });
    app.fake.enqueue({ kind: 'reply', text: '"Tashkent to Samarkand by train"' });
    await scribe(page).fill('How long from Tashkent to Samarkand?');
    await scribe(page).press('Enter');
    await row(page, 'Two hours by the fast train.').getByRole('button', { name: 'Regenerate' }).waitFor();
    // The page hears of the change as it hears of any made elsewhere: no reload.
    await expect(heading(page)).toHaveText('Tashkent to Samarkand by train', { timeout: 15_000 });
    expect(app.fake.requests[1]?.messages[0]?.content).toContain('Write a short title');
  });

  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
