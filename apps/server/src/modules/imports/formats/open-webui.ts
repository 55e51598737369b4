import { z } from 'zod';
import { branches, branchTo, latestLeaf, type MessageTree, stableEids, writeTree } from './branch.js';
import { contentId } from './content-id.js';
import type { ReadItem } from './conversation.js';
import {
  EntryList,
  finish,
  idText,
  isoFromEpoch,
  isRecord,
  optionalText,
  skipped,
  sourceId,
  str,
  type TurnAttrs,
} from './entry-list.js';
import { answerInto } from './open-webui-details.js';
import { outputInto } from './open-webui-output.js';

/**
 * Open WebUI's chat export: an array of chats, each `{id, title, chat: {history: {messages,
 * currentId}, messages}}`, or in older exports the chat's fields at the top of the item. The
 * history is a tree keyed by message id; `currentId` is the message on screen.
 */

const Message = z.looseObject({
  id: optionalText,
  parentId: z.string().nullish().catch(null),
  role: z.string().catch(''),
  content: z.unknown().optional(),
  model: optionalText,
  modelName: optionalText,
  timestamp: z.number().optional().catch(undefined),
  files: z.array(z.unknown()).catch([]),
  output: z.array(z.unknown()).catch([]),
});
type Message = z.infer<typeof Message>;

/** Content is a string, or OpenAI-style parts whose text is kept and images noted. */
function contentInto(
  list: EntryList,
  content: unknown,
  attrs: TurnAttrs,
  write: (text: string) => void,
): void {
  if (typeof content === 'string') {
    write(content);
    return;
  }
  if (!Array.isArray(content)) return;
  const texts: string[] = [];
  for (const part of content) {
    if (!isRecord(part)) continue;
    if (typeof part.text === 'string') texts.push(part.text);
    else if (part.type === 'image_url') list.missing('Image', '', attrs);
  }
  write(texts.join('\n\n'));
}

function filesInto(list: EntryList, files: unknown[], attrs: TurnAttrs): void {
  for (const file of files) {
    if (!isRecord(file)) continue;
    const name = str(file.name) ?? (isRecord(file.file) ? str(file.file.filename) : undefined) ?? '';
    list.missing(file.type === 'image' ? 'Image' : 'File', name, attrs);
  }
}

function messageInto(list: EntryList, message: Message): void {
  const attrs: TurnAttrs = {
    created: isoFromEpoch(message.timestamp),
    model: message.model ?? message.modelName,
    source_msg: message.id,
  };
  if (message.role === 'user') {
    list.startTurn();
    filesInto(list, message.files, attrs);
    contentInto(list, message.content, attrs, (t) => list.query(t, attrs));
  } else if (message.role === 'assistant') {
    filesInto(list, message.files, attrs);
    // Newer versions keep the answer's items in `output`; `content` renders the same.
    if (!outputInto(list, message.output, attrs))
      contentInto(list, message.content, attrs, (t) => answerInto(list, t, attrs));
  } else if (message.role === 'system') {
    contentInto(list, message.content, attrs, (t) => list.add('context', t, attrs));
  } else if (message.role === 'tool') {
    contentInto(list, message.content, attrs, (t) => list.add('shell', t, attrs));
  }
}

function parsed(value: unknown): Message[] {
  const result = Message.safeParse(value);
  return result.success ? [result.data] : [];
}

/** The history tree keyed by message id, when the chat has a non-empty one. */
function treeOf(chat: Record<string, unknown>): Record<string, unknown> | undefined {
  const history = isRecord(chat.history) ? chat.history : undefined;
  const tree = history !== undefined && isRecord(history.messages) ? history.messages : undefined;
  return tree !== undefined && Object.keys(tree).length > 0 ? tree : undefined;
}

/**
 * The chat's system prompt: `params.system` in current exports, `system` at the chat's top in
 * older ones. It applies to the whole chat, so it comes before every turn.
 */
function chatSystemPrompt(chat: Record<string, unknown>): string | undefined {
  const params = isRecord(chat.params) ? chat.params : undefined;
  return str(params?.system) ?? str(chat.system);
}

/**
 * System messages the active branch does not reach: a root of its own in the history tree, or
 * only in the flat list. They set up the whole chat, so they are kept too, before the branch.
 */
function systemMessagesOffBranch(chat: Record<string, unknown>, branch: readonly Message[]): Message[] {
  const tree = treeOf(chat);
  // Without a tree the branch is the flat list itself: nothing is off it.
  if (tree === undefined) return [];
  const onBranch = new Set(branch.map((m) => m.id).filter((id) => id !== undefined));
  const flat = Array.isArray(chat.messages) ? chat.messages : [];
  const seen = new Set<string>();
  const found: Message[] = [];
  const fromTree = Object.entries(tree).flatMap(([key, value]) =>
    parsed(value).map((m) => ({ ...m, id: m.id ?? key })),
  );
  for (const message of [...fromTree, ...flat.flatMap(parsed)]) {
    if (message.role !== 'system') continue;
    if (message.id !== undefined && (onBranch.has(message.id) || seen.has(message.id))) continue;
    if (message.id !== undefined) seen.add(message.id);
    found.push(message);
  }
  return found;
}

/** The branch on screen: `currentId` up through `parentId`; without a history, the flat list. */
function activeMessages(chat: Record<string, unknown>): Message[] {
  const history = isRecord(chat.history) ? chat.history : undefined;
  const tree = treeOf(chat);
  if (tree !== undefined) {
    const byId = new Map<string, Message>();
    for (const [key, value] of Object.entries(tree)) {
      for (const message of parsed(value)) byId.set(key, { ...message, id: message.id ?? key });
    }
    const current = str(history?.currentId);
    const leaf =
      (current === undefined ? undefined : byId.get(current)) ??
      latestLeaf(
        [...byId.values()],
        (m) => m.parentId ?? undefined,
        (m) => m.id,
        (m) => m.timestamp ?? Number.NaN,
      );
    return branchTo(leaf, (m) => (m.parentId == null ? undefined : byId.get(m.parentId)));
  }
  return Array.isArray(chat.messages) ? chat.messages.flatMap(parsed) : [];
}

/** What a chat without an id is known by: its title, its time, its prompt, each message by its key. */
function* contentOf(item: Record<string, unknown>, chat: Record<string, unknown>): Generator<unknown> {
  yield item.title ?? chat.title;
  yield item.created_at ?? chat.timestamp;
  yield chatSystemPrompt(chat);
  const tree = treeOf(chat) ?? {};
  for (const key of Object.keys(tree).sort()) {
    for (const m of parsed(tree[key])) yield [key, m.id ?? null, m.role, m.content ?? null];
  }
  const flat = Array.isArray(chat.messages) ? chat.messages : [];
  for (const m of flat.flatMap(parsed)) yield [m.id ?? null, m.role, m.content ?? null];
}

export function readOpenWebUiChat(raw: unknown, index: number): ReadItem {
  const item = isRecord(raw) ? raw : {};
  // Wrapped items carry the chat under `chat`; older ones are the chat itself.
  const chat = isRecord(item.chat) ? item.chat : item;
  const id = idText(item.id) ?? idText(chat.id);
  const title = str(item.title) ?? str(chat.title);
  const created_at = isoFromEpoch(item.created_at) ?? isoFromEpoch(chat.timestamp);
  const fallbackTitle = title || `Conversation ${index}`;
  if (!isRecord(raw)) {
    return skipped(sourceId('open-webui', `#${index}`), fallbackTitle, 'Not a chat: expected an object.');
  }
  // An export without the chat's id: one from its content, the same each time it is read.
  const source_id = sourceId('open-webui', id ?? contentId(contentOf(item, chat)));
  const branch = activeMessages(chat);
  const system = chatSystemPrompt(chat);
  // The chat's prompt repeated as a system message is one prompt, not two.
  const repeatsPrompt = (m: Message) => m.role === 'system' && system !== undefined && m.content === system;
  const modified_at = isoFromEpoch(item.updated_at) ?? isoFromEpoch(chat.updated_at);
  const dates = { source_id, title, created_at, modified_at };
  const history = treeOf(chat);
  const messages =
    history === undefined
      ? []
      : Object.entries(history).flatMap(([key, value]) =>
          parsed(value).map((m) => ({ ...m, id: m.id ?? key })),
        );
  const tree: MessageTree<Message> = {
    messages,
    idOf: (m) => m.id,
    parentIdOf: (m) => m.parentId ?? undefined,
  };
  // Edited questions and regenerated answers: every branch, the head where the export was left.
  if (branches(tree)) {
    const list = new EntryList(stableEids(source_id));
    if (system !== undefined) list.add('context', system, {});
    const leafId = branch.at(-1)?.id;
    const leaf = messages.find((m) => m.id === leafId);
    const head = writeTree(list, tree, leaf, (m) => {
      if (!repeatsPrompt(m)) messageInto(list, m);
    });
    return finish({ ...dates, entries: list.entries, head });
  }
  const list = new EntryList();
  if (system !== undefined) list.add('context', system, {});
  for (const message of [...systemMessagesOffBranch(chat, branch), ...branch])
    if (!repeatsPrompt(message)) messageInto(list, message);
  return finish({ ...dates, entries: list.entries });
}

export function isOpenWebUiChat(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const chat = isRecord(value.chat) ? value.chat : value;
  return (
    isRecord(chat.history) ||
    (Array.isArray(chat.messages) && 'title' in value && !('conversationId' in value))
  );
}
