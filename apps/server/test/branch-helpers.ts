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

/** Asks 'Tell me' in the logbook, then asks it again: the first answer and its regenerated sibling. */
export async function askTwice(
  client: ApiClient,
  fake: { enqueue(script: { kind: 'reply'; text: string }): void },
  logid: string,
) {
  fake.enqueue({ kind: 'reply', text: 'First answer.' });
  const first = await client.queries.submit({ logid, prompt: 'Tell me' });
  fake.enqueue({ kind: 'reply', text: 'Second answer.' });
  const second = await client.queries.submit({ logid, prompt: 'Tell me', qid: first.data.qid });
  return { first, second };
}
