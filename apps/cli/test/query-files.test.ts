import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFakeWell, createLogbook, SVG_WITH_SCRIPT, textPdf, useServer } from '@caravanserai/test-kit';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, signInCli, useCliBundle } from './support/cli-bundle.js';

const { work, bundle, config } = useCliBundle('query-files');
const t = useServer({ users: ['alice'], fake: true });
const home = join(work, 'home');
const ROUTE = 'Merv, then Bukhara.\n';

beforeAll(() => {
  signInCli(config, t.server, t.alice);
  mkdirSync(join(work, 'docs'));
  mkdirSync(home);
  writeFileSync(join(work, 'route.txt'), ROUTE);
  writeFileSync(join(work, 'docs', 'tides.pdf'), textPdf('Tide tables at dawn'));
  writeFileSync(join(work, 'logo.svg'), SVG_WITH_SCRIPT);
  writeFileSync(join(home, 'caravan.md'), '# Caravan\n');
});
beforeEach(() => t.fake.reset());

/** Runs the CLI with these lines piped in, from the work folder, with `home` as the home folder. */
const mapper = (input: string) => runCli(bundle, { input, cwd: work, config, env: { HOME: home } });

async function logbookWithWell() {
  const well = await createFakeWell(t.alice.client, t.fake);
  return createLogbook(t.alice.client, { logwell: well.wellid });
}

describe('mapper: query -f FILE', () => {
  it('reads files from disk (relative to the working folder, or ~/), uploads them and asks with them', async () => {
    const logbook = await logbookWithWell();
    const run = await mapper(
      [
        `q -r Compare -f route.txt --file docs/tides.pdf -l ${logbook.logid}`,
        `q -r Title? -f ~/caravan.md -l ${logbook.logid}`,
      ].join('\n'),
    );
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Attached route\.txt \(20 B\)\nAttached tides\.pdf \(\d+ B\)\nEcho: Compare/);
    expect(run.out).toContain('Attached caravan.md (10 B)\nEcho: Title?');
    expect(t.fake.requests.map((r) => r.messages.at(-1)?.content)).toEqual([
      `Compare\nFile "route.txt":\n\n${ROUTE}\nFile "tides.pdf":\n\nTide tables at dawn`,
      'Title?\nFile "caravan.md":\n\n# Caravan\n',
    ]);
    const read = await t.alice.client.logbooks.get(logbook.logid);
    expect(read.files.map((f) => f.name).sort()).toEqual(['caravan.md', 'route.txt', 'tides.pdf']);
  });

  it('names a path it cannot read or the server refuses, asks nothing, and exits 1', async () => {
    const logbook = await logbookWithWell();
    const run = await mapper(
      [
        `q -r Read it -f notes/missing.txt -l ${logbook.logid}`,
        `q -r Read it -f docs -l ${logbook.logid}`,
        `q -r What is this? -f logo.svg -l ${logbook.logid}`,
      ].join('\n'),
    );
    expect(run.code).toBe(1);
    expect(run.out).toBe(
      [
        'Error executing query.',
        'Cannot read notes/missing.txt: no such file.',
        'Error executing query.',
        'Cannot read docs: not a file (a folder?).',
        'Error executing query.',
        'Cannot attach logo.svg: Only PNG, JPEG, WebP and GIF images, PDF documents and UTF-8 text files ' +
          '(plain text, Markdown, CSV, JSON, source code) can be attached.',
        '',
      ].join('\n'),
    );
    expect(t.fake.requests).toHaveLength(0);
    expect((await t.alice.client.logbooks.get(logbook.logid)).entry_count).toBe(0);
  });
});
