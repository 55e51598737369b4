import type { ApiClient, EntriesPage } from '@caravanserai/api';
import { type Entry, serializeLog } from '@caravanserai/logbook';
import { createFakeWell, createLogbook, ORIGINS } from '@caravanserai/test-kit';

/** The active path as [tag, content] pairs. */
export const turns = (page: EntriesPage) => page.entries.map((e) => [e.tag, e.content]);

/** Logbooks of `client`'s on a well the fake provider answers, memory on, holding `entries`. */
export function branchedLogbooks(client: ApiClient, fake: { url: string }) {
  return async (entries: Entry[] = [], fields: { private?: boolean } = {}) => {
    const well = await createFakeWell(client, fake, { origin_loc: ORIGINS['openai-compatible'] });
    return createLogbook(client, {
      logwell: well.wellid,
      log: serializeLog(entries),
      memory: true,
      ...fields,
    });
  };
}
