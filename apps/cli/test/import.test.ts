import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLog } from '@caravanserai/logbook';
import { useServer } from '@caravanserai/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, signInCli, useCliBundle } from './support/cli-bundle.js';

const { work, bundle, config } = useCliBundle('import');
const t = useServer({ users: ['alice'] });
beforeAll(() => {
  signInCli(config, t.server, t.alice);
});

const mapper = (args: string[]) => runCli(bundle, { args, cwd: work, config });

/** A ChatGPT export of one good conversation and one the server cannot read. */
function chatgptExport(): string {
  const message = (id: string, role: string, text: string) => ({
    id,
    author: { role, name: null, metadata: {} },
    create_time: 1_700_000_000,
    content: { content_type: 'text', parts: [text] },
    metadata: {},
    recipient: 'all',
  });
  const good = {
    id: 'cli-good',
    conversation_id: 'cli-good',
    title: 'Caravan \u001b[31mroutes',
    create_time: 1_700_000_000,
    current_node: 'a',
    mapping: {
      root: { id: 'root', message: null, parent: null, children: ['q'] },
      q: { id: 'q', parent: 'root', children: ['a'], message: message('q', 'user', 'Which road to Merv?') },
      a: { id: 'a', parent: 'q', children: [], message: message('a', 'assistant', 'The northern one.') },
    },
  };
  return JSON.stringify([good, { id: 'cli-broken', title: 'Broken', mapping: 7 }]);
}

describe('mapper import FILE', () => {
  it('uploads the file, follows the job and prints what became of each conversation', async () => {
    const file = join(work, 'conversations.json');
    writeFileSync(file, chatgptExport());
    const run = await mapper(['import', file]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain(
      'Imported from the ChatGPT export: 1 new, 0 updated, 0 already there, 1 skipped.',
    );
    expect(run.out).toMatch(/skipped "Broken" \(chatgpt:cli-broken\): /);
    expect(run.out).not.toContain('\u001b');

    const [logbook] = await t.alice.client.logbooks.list();
    const entries = parseLog((await t.alice.client.logbooks.get(logbook!.logid)).log);
    expect(entries.map((e) => e.content)).toEqual(['Which road to Merv?', 'The northern one.']);

    const again = await mapper(['import', file]);
    expect(again.code).toBe(0);
    expect(again.out).toContain('0 new, 0 updated, 1 already there, 1 skipped.');
  });

  it('exits non-zero with the server’s message when it refuses the file', async () => {
    const file = join(work, 'notes.txt');
    writeFileSync(file, 'just some notes');
    const run = await mapper(['import', file]);
    expect(run.code).toBe(1);
    expect(run.err).toContain('The server refused the import: file: Not a known export: expected a ChatGPT');

    const journal = await mapper(['import', file, '--journal', 'nosuchjournal']);
    expect(journal.code).toBe(1);
    expect(journal.err).toContain('Journal not found.');

    const missing = await mapper(['import', join(work, 'nothing-here.json')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('is not a file that can be read');
  });
});
