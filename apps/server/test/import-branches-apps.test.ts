import { useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { importFile } from './import-helpers.js';

const t = useServer({ users: ['erin'] });

/** One message of a conversation, in the terms every export below is written from. */
interface Message {
  id: string;
  parent: string | null;
  user: boolean;
  text: string;
  /** Seconds since 2024-06-01. */
  at: number;
}

const EPOCH = 1_717_200_000;
const iso = (at: number) => new Date((EPOCH + at) * 1000).toISOString();

/** Each format's export of one conversation: its messages, and the one on screen. */
const FORMATS: [string, (id: string, messages: Message[], current: string) => unknown][] = [
  [
    'claude',
    (id, messages, current) => ({
      uuid: id,
      name: 'Bread',
      created_at: iso(0),
      current_leaf_message_uuid: current,
      chat_messages: messages.map((m) => ({
        uuid: m.id,
        ...(m.parent === null ? {} : { parent_message_uuid: m.parent }),
        sender: m.user ? 'human' : 'assistant',
        text: m.text,
        content: [{ type: 'text', text: m.text }],
        created_at: iso(m.at),
      })),
    }),
  ],
  [
    'open-webui',
    (id, messages, current) => ({
      id,
      title: 'Bread',
      created_at: EPOCH,
      chat: {
        history: {
          currentId: current,
          messages: Object.fromEntries(
            messages.map((m) => [
              m.id,
              {
                id: m.id,
                parentId: m.parent,
                role: m.user ? 'user' : 'assistant',
                content: m.text,
                timestamp: EPOCH + m.at,
              },
            ]),
          ),
        },
      },
    }),
  ],
  [
    'librechat',
    // A flat LibreChat export names no message on screen: it shows the newest leaf.
    (id, messages) => ({
      conversationId: id,
      title: 'Bread',
      messages: messages.map((m) => ({
        messageId: m.id,
        parentMessageId: m.parent,
        isCreatedByUser: m.user,
        text: m.text,
        createdAt: iso(m.at),
      })),
    }),
  ],
];

describe('a branched conversation of a chat app imported again', () => {
  it.each(FORMATS)(
    '%s: a grown conversation adds its new branches to the logbook it made',
    async (format, write) => {
      const id = `grown-${format}`;
      const linear: Message[] = [
        { id: 'q1', parent: null, user: true, text: 'How long to knead?', at: 1 },
        { id: 'a1', parent: 'q1', user: false, text: 'Ten minutes.', at: 2 },
        { id: 'q2', parent: 'a1', user: true, text: 'And to rise?', at: 3 },
        { id: 'a2', parent: 'q2', user: false, text: 'An hour.', at: 4 },
      ];
      const file = (messages: Message[], current: string) => JSON.stringify([write(id, messages, current)]);
      const first = await importFile(t.server, t.erin, file(linear, 'a2'));
      expect(first).toMatchObject({ status: 'done', format, skipped: [] });
      const logid = first.imported[0]!.logid;
      expect((await t.erin.client.logbooks.entries(logid, { all: '1' })).total).toBe(4);

      // In the app since: the second question edited and answered, and the first answer regenerated.
      const grown: Message[] = [
        ...linear,
        { id: 'a1again', parent: 'q1', user: false, text: 'Eight minutes by machine.', at: 5 },
        { id: 'q2edit', parent: 'a1', user: true, text: 'And to rise, somewhere cold?', at: 6 },
        { id: 'a2edit', parent: 'q2edit', user: false, text: 'Overnight.', at: 7 },
      ];
      const again = await importFile(t.server, t.erin, file(grown, 'a2edit'));
      expect(again).toMatchObject({ status: 'done', updated: 1, duplicates: 0, imported: [], skipped: [] });
      const all = await t.erin.client.logbooks.entries(logid, { all: '1' });
      expect(all.total).toBe(7);
      const page = await t.erin.client.logbooks.entries(logid, {});
      expect(page.entries.map((e) => e.content)).toEqual([
        'How long to knead?',
        'Ten minutes.',
        'And to rise, somewhere cold?',
        'Overnight.',
      ]);
      const byEid = new Map(all.entries.map((e) => [e.eid, e.content]));
      const contents = (eids: string[]) => eids.map((eid) => byEid.get(eid)).sort();
      expect(contents(page.entries[1]!.siblings)).toEqual(['Eight minutes by machine.', 'Ten minutes.']);
      expect(contents(page.entries[2]!.siblings)).toEqual(['And to rise, somewhere cold?', 'And to rise?']);
      // The regenerated answer answers the stored question: its qid, so Regenerate finds both.
      const regenerated = all.entries.find((e) => e.content === 'Eight minutes by machine.')!;
      expect(regenerated.attrs.qid).toBe(page.entries[0]!.attrs.qid);

      // The same grown file once more: nothing new.
      expect(await importFile(t.server, t.erin, file(grown, 'a2edit'))).toMatchObject({
        duplicates: 1,
        updated: 0,
      });
      expect((await t.erin.client.logbooks.entries(logid, { all: '1' })).total).toBe(7);
    },
  );
});
