import { ApiError } from '@caravanserai/api';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';

/** Payments on: creating a caravan is the Sultan tier's; a Pilgrim is told so before sending. */
test.use({ appOptions: { user: 'darius', payments: true } });
test.describe.configure({ mode: 'serial' });

const main = (page: Page) => page.getByRole('main');

test.describe('creating a caravan with payments on', () => {
  test('tells a Pilgrim it needs the Sultan tier, before anything is sent', async ({ app, tab, user }) => {
    const { page } = tab;
    await page.goto(`${app.origin}/caravans/`);
    const form = main(page).getByRole('form', { name: 'Create Caravan' });
    await form.getByText('Creating a Caravan needs the Sultan tier.').waitFor();
    expect(await form.getByRole('link', { name: 'About Sultans' }).getAttribute('href')).toBe(
      '/subscribe/sultan/',
    );
    expect(await form.getByRole('button', { name: 'Create Caravan' }).isDisabled()).toBe(true);
    // The server holds the same rule.
    const refused = await user.client.caravans.create({ name: 'Not yet' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
    expect((refused as ApiError).detail).toBe('Creating a Caravan needs the Sultan tier.');
  });

  test('logs no console errors', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});
