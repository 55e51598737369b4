import { createLogbook } from '@caravanserai/test-kit';
import { attachWithButton, chip, chips, PNG, uploadsDone } from '../support/attachments.js';
import { expect, test } from '../support/fixtures.js';
import { uniqueName } from '../support/flows.js';
import { openLogbook } from '../support/workspace.js';

// The largest file a question may carry (FILE_MAX_MB), set low so a file over it is quick to make.
const MB = 1024 * 1024;
test.use({ appOptions: { user: 'weigher', well: true, config: { fileMaxBytes: MB } } });

test('refuses a file over the size limit in the server’s words, and takes it off', async ({
  app,
  owner,
  tab,
}) => {
  const { page } = tab;
  const logbook = await createLogbook(owner.client, {
    title: uniqueName('Heavy load '),
    logwell: owner.wellid,
  });
  await openLogbook(page, app, logbook.logid);

  const heavy = Buffer.alloc(MB + 64 * 1024, 'caravan ');
  await attachWithButton(page, [{ name: 'manifest.txt', mimeType: 'text/plain', buffer: heavy }]);
  const refusal = page.getByRole('alert').filter({ hasText: 'manifest.txt was not attached' });
  await refusal.getByText('The file is too large: the limit is 1 MB.', { exact: true }).waitFor();
  await expect(page.getByText('The file is too large to import.')).toHaveCount(0);
  await expect(chip(page, 'manifest.txt')).toHaveCount(0);

  // A file under the limit still goes.
  await attachWithButton(page, [{ name: 'small.png', mimeType: 'image/png', buffer: PNG }]);
  await chip(page, 'small.png').waitFor();
  await uploadsDone(page);
  await expect(chips(page)).toHaveCount(1);
  expect(tab.errors).toEqual([]);
});
