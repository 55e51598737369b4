import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { writeChatGptExport } from '@caravanserai/test-kit/chatgpt-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../../test/fixtures/imports/fixtures.js';
import { openExport } from './open-export.js';

// A collection on demand, so what is measured is what stays reachable, not garbage not yet swept.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const COUNT = 20_000;

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.remove());

describe('a large ChatGPT export', () => {
  it('is read one conversation at a time, its memory not growing with the file', async () => {
    const path = join(tmp.dir, 'conversations.json');
    const { bytes } = await writeChatGptExport(path, COUNT, { turns: 3, answerChars: 300 });
    expect(bytes).toBeGreaterThan(30 * 1024 * 1024);

    collect();
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    let conversations = 0;
    let entries = 0;
    const reader = await openExport(path);
    for await (const item of reader.items()) {
      if (!('conversation' in item)) throw new Error(`skipped: ${item.skipped.reason}`);
      conversations++;
      entries += item.conversation.entries.length;
      if (conversations % 1000 === 0) {
        collect();
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      }
    }
    await reader.close();

    expect(conversations).toBe(COUNT);
    expect(entries).toBe(COUNT * 6);
    // Holding the parsed export would take several times the file; reading it streamed holds
    // one conversation and the parser's buffer.
    expect(peak).toBeLessThan(bytes / 10);
  }, 120_000);
});
