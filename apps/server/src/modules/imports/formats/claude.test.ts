import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brief,
  conversationOf,
  fixture,
  onScreen,
  readAll,
  tempDir,
  writeZip,
} from '../../../../test/fixtures/imports/fixtures.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.remove());

describe('Claude export', () => {
  it('follows current_leaf_message_uuid through the parents, whatever the times say', async () => {
    const { format, items } = await readAll(fixture('claude-conversations.json'));
    expect(format).toBe('claude');
    expect(items).toHaveLength(4);
    const sourdough = conversationOf(items[0]);
    expect(sourdough.source_id).toBe('claude:5d1c0b8e-claude-branch');
    expect(sourdough.title).toBe('Sourdough starter');
    expect(sourdough.created_at).toBe('2025-03-01T09:00:00.000Z');
    expect(sourdough.modified_at).toBe('2025-03-01T09:10:00.000Z');
    expect(brief(onScreen(sourdough))).toEqual([
      ['context', '[Attachment: feeding-log.txt]\n\nDay 1: 50g flour, 50g water\nDay 2: skipped'],
      ['comment', '[Image not included in the export: jar-photo.jpg]'],
      ['query', 'My starter smells like acetone. Here is my feeding log.'],
      ['comment', 'Acetone smell means the starter is hungry.'],
      ['gen', 'Your starter is hungry.'],
      ['code', 'web_search\n{\n  "query": "sourdough starter acetone"\n}'],
      ['shell', 'Result: feed twice daily.'],
      ['gen', 'Feed it twice a day.'],
      ['query', 'How much flour for a 100 g starter?'],
      ['gen', 'Use 50 g flour and 50 g water.'],
    ]);
    const [, , q1, thought, g1, , , g2, q2, g3] = onScreen(sourdough);
    expect(thought?.attrs.kind).toBe('reasoning');
    expect(g1?.attrs.qid).toBe(q1?.attrs.qid);
    expect(g2?.attrs.qid).toBe(q1?.attrs.qid);
    expect(g3?.attrs).toEqual({
      qid: q2?.attrs.qid,
      created: '2025-03-01T08:00:00.000Z',
      source_msg: 'm4b',
      eid: g3?.attrs.eid,
    });
    // The branch left behind is kept too.
    expect(sourdough.entries.length).toBeGreaterThan(onScreen(sourdough).length);
  });

  it('reads older linear exports in time order and titles them from the first question', async () => {
    const { items } = await readAll(fixture('claude-conversations.json'));
    const linear = conversationOf(items[2]);
    expect(linear.title).toBe('What is the capital of France?');
    expect(brief(linear.entries)).toEqual([
      ['query', 'What is the capital of France?'],
      ['gen', 'Paris.'],
    ]);
  });

  it('skips a broken conversation and an empty one without stopping', async () => {
    const { items } = await readAll(fixture('claude-conversations.json'));
    expect(items[1]).toEqual({
      skipped: {
        source_id: 'claude:claude-broken',
        title: 'Conversation 2',
        reason: 'The conversation has no messages (chat_messages is not a list).',
      },
    });
    expect(items[3]).toMatchObject({ skipped: { source_id: 'claude:claude-empty', title: 'Nothing here' } });
  });

  it('reads the zip, telling it from a ChatGPT zip by its content', async () => {
    const json = await readFile(fixture('claude-conversations.json'), 'utf8');
    const path = join(tmp.dir, 'data-2025.zip');
    await writeZip(path, { 'users.json': '[]', 'projects.json': '[]', 'conversations.json': json });
    const { format, items } = await readAll(path);
    expect(format).toBe('claude');
    expect(items.map((i) => ('conversation' in i ? 'conversation' : 'skipped'))).toEqual([
      'conversation',
      'skipped',
      'conversation',
      'skipped',
    ]);
  });
});
