import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/**
 * Writes a ChatGPT `conversations.json` of `count` conversations to `filePath`, streaming, so an
 * export of any size is made in a little memory: for import tests and the import benchmark. Each
 * conversation is a chain of `turns` question and answer pairs under a hidden system message, with
 * ids `conv-<n>` so runs can be compared.
 */
export async function writeChatGptExport(
  filePath: string,
  count: number,
  options: { turns?: number; answerChars?: number } = {},
): Promise<{ bytes: number; conversations: number }> {
  const turns = options.turns ?? 3;
  const filler = 'The quick brown fox jumps over the lazy dog. '.repeat(
    Math.ceil((options.answerChars ?? 400) / 45),
  );
  const answer = filler.slice(0, options.answerChars ?? 400);
  const out = createWriteStream(filePath);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };

  await write('[');
  for (let n = 0; n < count; n++) {
    const start = 1_700_000_000 + n * 60;
    const mapping: Record<string, unknown> = {
      root: { id: 'root', message: null, parent: null, children: ['sys'] },
      sys: {
        id: 'sys',
        parent: 'root',
        children: ['q0'],
        message: {
          id: 'sys',
          author: { role: 'system', name: null, metadata: {} },
          create_time: null,
          content: { content_type: 'text', parts: [''] },
          metadata: { is_visually_hidden_from_conversation: true },
          recipient: 'all',
        },
      },
    };
    let last = 'sys';
    for (let t = 0; t < turns; t++) {
      const q = `q${t}`;
      const a = `a${t}`;
      mapping[q] = {
        id: q,
        parent: last,
        children: [a],
        message: {
          id: q,
          author: { role: 'user', name: null, metadata: {} },
          create_time: start + t * 2,
          content: { content_type: 'text', parts: [`Question ${t + 1} of conversation ${n + 1}?`] },
          metadata: {},
          recipient: 'all',
        },
      };
      mapping[a] = {
        id: a,
        parent: q,
        children: t + 1 < turns ? [`q${t + 1}`] : [],
        message: {
          id: a,
          author: { role: 'assistant', name: null, metadata: {} },
          create_time: start + t * 2 + 1,
          content: { content_type: 'text', parts: [answer] },
          metadata: { model_slug: 'gpt-4o' },
          recipient: 'all',
        },
      };
      mapping[last] = { ...(mapping[last] as object), children: [q] };
      last = a;
    }
    const conversation = {
      title: `Conversation ${n + 1}`,
      create_time: start,
      update_time: start + turns * 2,
      mapping,
      current_node: last,
      conversation_id: `conv-${n + 1}`,
      id: `conv-${n + 1}`,
    };
    await write(`${n === 0 ? '' : ','}\n${JSON.stringify(conversation)}`);
  }
  await write('\n]\n');
  out.end();
  await once(out, 'finish');
  return { bytes, conversations: count };
}
