import { z } from 'zod';
import { branches, branchTo, latestLeaf, type MessageTree, stableEids, writeTree } from './branch.js';
import { contentId } from './content-id.js';
import type { ReadItem } from './conversation.js';
import {
  EntryList,
  finish,
  idText,
  isoFromText,
  isRecord,
  optionalText,
  skipped,
  sourceId,
  str,
  type TurnAttrs,
} from './entry-list.js';

/**
 * Claude's data export: `conversations.json`, an array of conversations with their `chat_messages`.
 * Newer exports link messages by `parent_message_uuid` and name the one on screen in
 * `current_leaf_message_uuid`; older ones are a plain list.
 */

const Block = z.looseObject({
  type: z.string().catch(''),
  text: optionalText,
  thinking: optionalText,
  name: optionalText,
  input: z.unknown().optional(),
  content: z.unknown().optional(),
});
type Block = z.infer<typeof Block>;

const Message = z.looseObject({
  uuid: optionalText,
  sender: z.string().catch(''),
  text: optionalText,
  content: z.array(z.unknown()).catch([]),
  created_at: z.unknown().optional(),
  parent_message_uuid: optionalText,
  model: optionalText,
  attachments: z.array(z.unknown()).catch([]),
  files: z.array(z.unknown()).catch([]),
  files_v2: z.array(z.unknown()).catch([]),
});
type Message = z.infer<typeof Message>;

function timeOf(message: Message): number {
  const iso = isoFromText(message.created_at);
  return iso === undefined ? Number.NaN : Date.parse(iso);
}

/** Tool output: a string, or a list of blocks whose text is kept. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (typeof part === 'string' ? part : isRecord(part) ? (str(part.text) ?? '') : ''))
    .filter((s) => s.trim() !== '')
    .join('\n\n');
}

function toolCall(block: Block): string {
  let input = '';
  try {
    input = block.input === undefined ? '' : (JSON.stringify(block.input, null, 2) ?? '');
  } catch {
    input = '';
  }
  return [block.name ?? 'tool', input].filter((s) => s !== '').join('\n');
}

function filesInto(list: EntryList, message: Message, attrs: TurnAttrs): void {
  for (const attachment of message.attachments) {
    if (!isRecord(attachment)) continue;
    const name = str(attachment.file_name) ?? '';
    const extracted = str(attachment.extracted_content);
    // Pasted or attached text stays with the conversation, as Claude kept it in view.
    if (extracted !== undefined && extracted.trim() !== '') {
      list.add('context', name === '' ? extracted : `[Attachment: ${name}]\n\n${extracted}`, attrs);
    } else list.missing('File', name, attrs);
  }
  const seen = new Set<string>();
  for (const file of [...message.files, ...message.files_v2]) {
    if (!isRecord(file)) continue;
    const name = str(file.file_name) ?? str(file.file_uuid) ?? '';
    if (seen.has(name)) continue;
    seen.add(name);
    list.missing(str(file.file_kind) === 'image' ? 'Image' : 'File', name, attrs);
  }
}

function messageInto(list: EntryList, message: Message, fallbackModel: string | undefined): void {
  const attrs: TurnAttrs = {
    created: isoFromText(message.created_at),
    model: message.model ?? fallbackModel,
    source_msg: message.uuid,
  };
  const human = message.sender === 'human' || message.sender === 'user';
  const blocks = message.content.map((b) => Block.safeParse(b)).flatMap((r) => (r.success ? [r.data] : []));
  if (human) {
    list.startTurn();
    filesInto(list, message, attrs);
  }
  const write = (text: string) => {
    if (human) list.query(text, attrs);
    else if (message.sender === 'assistant') list.gen(text, attrs);
    else if (message.sender === 'system') list.add('context', text, attrs);
  };
  // Older exports carry the words in `text` only.
  if (blocks.length === 0) write(message.text ?? '');
  let pending: string[] = [];
  const flush = () => {
    write(pending.join('\n\n'));
    pending = [];
  };
  for (const block of blocks) {
    if (block.type === 'text') {
      if ((block.text ?? '').trim() !== '') pending.push(block.text ?? '');
      continue;
    }
    flush();
    if (block.type === 'thinking') list.thought(block.thinking ?? block.text ?? '', attrs);
    else if (block.type === 'tool_use') list.add('code', toolCall(block), attrs);
    else if (block.type === 'tool_result') list.add('shell', resultText(block.content), attrs);
    else if (block.type === 'image') list.missing('Image', block.name ?? '', attrs);
  }
  flush();
}

/** The messages on screen: the current leaf's line of parents, else the list in time order. */
function activeMessages(messages: Message[], currentLeaf: string | undefined): Message[] {
  const byId = new Map<string, Message>();
  for (const message of messages) if (message.uuid !== undefined) byId.set(message.uuid, message);
  const linked = messages.some((m) => m.parent_message_uuid !== undefined && byId.has(m.parent_message_uuid));
  const leaf =
    (currentLeaf === undefined ? undefined : byId.get(currentLeaf)) ??
    (linked
      ? latestLeaf(
          messages,
          (m) => m.parent_message_uuid,
          (m) => m.uuid,
          timeOf,
        )
      : undefined);
  if (leaf !== undefined) {
    return branchTo(leaf, (m) =>
      m.parent_message_uuid === undefined ? undefined : byId.get(m.parent_message_uuid),
    );
  }
  // A plain list: by time, stable, a message without a time staying after the one before it.
  let last = Number.NEGATIVE_INFINITY;
  const timed = messages.map((message, i) => {
    const t = timeOf(message);
    if (Number.isFinite(t)) last = t;
    return { message, i, t: Number.isFinite(t) ? t : last };
  });
  timed.sort((a, b) => a.t - b.t || a.i - b.i);
  return timed.map((x) => x.message);
}

/** What a conversation without a uuid is known by: its name, its time, each message in order. */
function* contentOf(name: unknown, created: unknown, messages: readonly Message[]): Generator<unknown> {
  yield name;
  yield created;
  for (const m of messages) yield [m.uuid ?? null, m.sender, m.text ?? null, m.content];
}

export function readClaudeConversation(raw: unknown, index: number): ReadItem {
  const record = isRecord(raw) ? raw : {};
  const id = idText(record.uuid);
  const created_at = isoFromText(record.created_at);
  const fallbackTitle = str(record.name) || `Conversation ${index}`;
  if (!isRecord(raw)) {
    return skipped(sourceId('claude', `#${index}`), fallbackTitle, 'Not a conversation: expected an object.');
  }
  if (!Array.isArray(record.chat_messages)) {
    return skipped(
      sourceId('claude', id ?? `#${index}`),
      fallbackTitle,
      'The conversation has no messages (chat_messages is not a list).',
    );
  }
  const messages = record.chat_messages.flatMap((m) => {
    const parsed = Message.safeParse(m);
    return parsed.success ? [parsed.data] : [];
  });
  // An export without the conversation's uuid: one from its content, the same each time it is read.
  const source_id = sourceId('claude', id ?? contentId(contentOf(record.name, record.created_at, messages)));
  const dates = { source_id, title: record.name, created_at, modified_at: isoFromText(record.updated_at) };
  const tree: MessageTree<Message> = {
    messages,
    idOf: (m) => m.uuid,
    parentIdOf: (m) => m.parent_message_uuid,
  };
  const current = str(record.current_leaf_message_uuid);
  // Edited questions and retried answers: every branch, the head where the export was left.
  if (branches(tree)) {
    const list = new EntryList(stableEids(source_id));
    const leaf = activeMessages(messages, current).at(-1);
    const head = writeTree(list, tree, leaf, (message) => messageInto(list, message, str(record.model)));
    return finish({ ...dates, entries: list.entries, head });
  }
  const list = new EntryList();
  for (const message of activeMessages(messages, current)) messageInto(list, message, str(record.model));
  return finish({ ...dates, entries: list.entries });
}

export function isClaudeConversation(value: unknown): boolean {
  return isRecord(value) && 'chat_messages' in value;
}
