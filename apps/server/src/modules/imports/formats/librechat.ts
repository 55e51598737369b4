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
 * LibreChat's conversation export: `{conversationId, title, endpoint, recursive, messages}`. A flat
 * list is linked by `parentMessageId`, and the branch kept is the newest leaf's line of parents. A
 * tree (`messagesTree`, or `messages` when `recursive` is true) nests each message's replies in
 * `children`, and the branch kept is the one LibreChat shows: at each message, its last reply.
 */

const Message = z.looseObject({
  messageId: optionalText,
  parentMessageId: z.string().nullish().catch(null),
  isCreatedByUser: z.boolean().catch(false),
  sender: optionalText,
  text: optionalText,
  content: z.array(z.unknown()).catch([]),
  model: z.string().nullish().catch(null),
  createdAt: z.unknown().optional(),
  files: z.array(z.unknown()).catch([]),
});
type Message = z.infer<typeof Message>;

/** A text field that is a string or `{value}`. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return isRecord(value) ? (str(value.value) ?? '') : '';
}

function jsonOf(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return '';
  }
}

function toolCallInto(list: EntryList, call: Record<string, unknown>, attrs: TurnAttrs): void {
  const fn = isRecord(call.function) ? call.function : undefined;
  const interpreter = isRecord(call.code_interpreter) ? call.code_interpreter : undefined;
  if (interpreter !== undefined) {
    list.add('code', textOf(interpreter.input), attrs);
    list.add('shell', jsonOf(interpreter.outputs), attrs);
    return;
  }
  const name = str(call.name) ?? (fn === undefined ? undefined : str(fn.name)) ?? 'tool';
  const args = call.args ?? fn?.arguments;
  list.add('code', [name, jsonOf(args)].filter((s) => s !== '').join('\n'), attrs);
  list.add('shell', jsonOf(call.output ?? fn?.output), attrs);
}

function messageInto(list: EntryList, message: Message, fallbackModel: string | undefined): void {
  const attrs: TurnAttrs = {
    created: isoFromText(message.createdAt),
    model: message.model ?? fallbackModel,
    source_msg: message.messageId,
  };
  const write = (text: string) => (message.isCreatedByUser ? list.query(text, attrs) : list.gen(text, attrs));
  if (message.isCreatedByUser) list.startTurn();
  for (const file of message.files) {
    if (!isRecord(file)) continue;
    const name = str(file.filename) ?? str(file.file_id) ?? '';
    list.missing(str(file.type)?.startsWith('image/') ? 'Image' : 'File', name, attrs);
  }
  const parts = message.content.filter(isRecord);
  if (parts.length === 0) {
    write(message.text ?? '');
    return;
  }
  let pending: string[] = [];
  const flush = () => {
    write(pending.join('\n\n'));
    pending = [];
  };
  for (const part of parts) {
    const type = str(part.type) ?? '';
    if (type === 'text') {
      pending.push(textOf(part.text));
      continue;
    }
    flush();
    if (type === 'think') list.add('comment', textOf(part.think), attrs);
    else if (type === 'tool_call' && isRecord(part.tool_call)) toolCallInto(list, part.tool_call, attrs);
    else if (type === 'image_file' || type === 'image_url') list.missing('Image', '', attrs);
    else if (type === 'error') list.add('comment', `[Error] ${textOf(part.error ?? part.text)}`, attrs);
  }
  flush();
}

/**
 * The main line of a tree: the last root, then at each message its last reply (the newest, which
 * LibreChat shows), passing over anything that is no message. A loop, so depth is no risk.
 */
function mainLine(roots: unknown[]): Message[] {
  const line: Message[] = [];
  let level = roots;
  for (;;) {
    const node = level.findLast(isRecord);
    const result = node === undefined ? undefined : Message.safeParse(node);
    if (node === undefined || !result?.success) return line;
    line.push(result.data);
    level = Array.isArray(node.children) ? node.children : [];
  }
}

/** A message of a nested tree, with its place: keys are the order in which the walk met them. */
interface Nested {
  key: string;
  parent: string | undefined;
  message: Message;
}

/**
 * Every message of a nested tree (replies under `children`), each with its parent's key, and the
 * key of the main line's last message (see mainLine). A loop, so depth is no risk; a node that is
 * no message ends its branch, as it ends the main line.
 */
function nestedMessages(roots: unknown[]): { nodes: Nested[]; leaf: string | undefined } {
  const nodes: Nested[] = [];
  const keys = new Map<unknown, string>();
  const stack = roots.map((raw) => ({ raw, parent: undefined as string | undefined })).reverse();
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { raw, parent } = next;
    if (!isRecord(raw) || keys.has(raw)) continue;
    const parsed = Message.safeParse(raw);
    if (!parsed.success) continue;
    const key = String(nodes.length);
    keys.set(raw, key);
    nodes.push({ key, parent, message: parsed.data });
    const children = Array.isArray(raw.children) ? raw.children : [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ raw: children[i], parent: key });
  }
  let leaf: string | undefined;
  for (let level = roots; ; ) {
    const node = level.findLast(isRecord);
    if (node === undefined || !keys.has(node)) return { nodes, leaf };
    leaf = keys.get(node);
    level = Array.isArray(node.children) ? node.children : [];
  }
}

/** Whether `messages` nests replies in `children` rather than listing every message. */
function isTree(record: Record<string, unknown>, messages: unknown[]): boolean {
  return (
    record.recursive === true &&
    messages.some((m) => isRecord(m) && Array.isArray(m.children) && m.children.length > 0)
  );
}

function parsedList(messages: unknown[]): Message[] {
  return messages.flatMap((m) => {
    const result = Message.safeParse(m);
    return result.success ? [result.data] : [];
  });
}

function flatList(messages: unknown[]): Message[] {
  return activeMessages(parsedList(messages));
}

function activeMessages(messages: Message[]): Message[] {
  const byId = new Map<string, Message>();
  for (const message of messages) if (message.messageId !== undefined) byId.set(message.messageId, message);
  const leaf = latestLeaf(
    messages,
    (m) => m.parentMessageId ?? undefined,
    (m) => m.messageId,
    (m) => {
      const iso = isoFromText(m.createdAt);
      return iso === undefined ? Number.NaN : Date.parse(iso);
    },
  );
  return branchTo(leaf, (m) => (m.parentMessageId == null ? undefined : byId.get(m.parentMessageId)));
}

/**
 * What a conversation without an id is known by: its title, its time, each message (a nested tree
 * walked in a loop, with each message's place in it, so depth is no risk).
 */
function* contentOf(record: Record<string, unknown>): Generator<unknown> {
  yield record.title;
  yield record.createdAt;
  const nested = Array.isArray(record.messagesTree)
    ? record.messagesTree
    : Array.isArray(record.messages) && isTree(record, record.messages)
      ? record.messages
      : undefined;
  const described = (m: Message) => [m.messageId ?? null, m.isCreatedByUser, m.text ?? null, m.content];
  if (nested !== undefined) {
    for (const n of nestedMessages(nested).nodes) yield [n.key, n.parent ?? null, ...described(n.message)];
  } else if (Array.isArray(record.messages)) {
    for (const m of parsedList(record.messages)) yield [m.parentMessageId ?? null, ...described(m)];
  }
}

export function readLibreChatConversation(raw: unknown, index: number): ReadItem {
  const record = isRecord(raw) ? raw : {};
  const id = idText(record.conversationId);
  const fallbackTitle = str(record.title) || `Conversation ${index}`;
  if (!isRecord(raw)) {
    return skipped(
      sourceId('librechat', `#${index}`),
      fallbackTitle,
      'Not a conversation: expected an object.',
    );
  }
  // An export without the conversation's id: one from its content, the same each time it is read.
  const source_id = sourceId('librechat', id ?? contentId(contentOf(record)));
  const branch = Array.isArray(record.messagesTree)
    ? mainLine(record.messagesTree)
    : Array.isArray(record.messages)
      ? isTree(record, record.messages)
        ? mainLine(record.messages)
        : flatList(record.messages)
      : undefined;
  if (branch === undefined) return skipped(source_id, fallbackTitle, 'The conversation has no messages.');
  const options = isRecord(record.options) ? record.options : {};
  const fallbackModel = str(options.model) ?? str(record.model);
  const dates = {
    source_id,
    title: record.title,
    created_at: isoFromText(record.createdAt),
    modified_at: isoFromText(record.updatedAt),
  };
  const nested = Array.isArray(record.messagesTree)
    ? record.messagesTree
    : Array.isArray(record.messages) && isTree(record, record.messages)
      ? record.messages
      : undefined;
  if (nested !== undefined) {
    // A nested tree with edits or regenerations: every branch, the head at the main line's end.
    const { nodes, leaf } = nestedMessages(nested);
    const tree: MessageTree<Nested> = { messages: nodes, idOf: (n) => n.key, parentIdOf: (n) => n.parent };
    if (branches(tree)) {
      const list = new EntryList(stableEids(source_id));
      const last = nodes.find((n) => n.key === leaf);
      const head = writeTree(list, tree, last, (n) => messageInto(list, n.message, fallbackModel));
      return finish({ ...dates, entries: list.entries, head });
    }
  }
  // A flat list of messages naming their parents, with edits or regenerations: every branch.
  const flat =
    Array.isArray(record.messages) && !isTree(record, record.messages) ? parsedList(record.messages) : [];
  const tree: MessageTree<Message> = {
    messages: flat,
    idOf: (m) => m.messageId,
    parentIdOf: (m) => m.parentMessageId ?? undefined,
  };
  if (branches(tree)) {
    const list = new EntryList(stableEids(source_id));
    const head = writeTree(list, tree, activeMessages(flat).at(-1), (m) =>
      messageInto(list, m, fallbackModel),
    );
    return finish({ ...dates, entries: list.entries, head });
  }
  const list = new EntryList();
  for (const message of branch) messageInto(list, message, fallbackModel);
  return finish({ ...dates, entries: list.entries });
}

export function isLibreChatConversation(value: unknown): boolean {
  return (
    isRecord(value) &&
    'conversationId' in value &&
    (Array.isArray(value.messages) || Array.isArray(value.messagesTree))
  );
}
