import { z } from 'zod';
import { branches, branchTo, latestLeaf, type MessageTree, stableEids, writeTree } from './branch.js';
import { citationsOf, withCitations } from './chatgpt-citations.js';
import { label, partsInto } from './chatgpt-parts.js';
import { contentId } from './content-id.js';
import type { ReadItem, SourceFile } from './conversation.js';
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
import { type Assets, NO_ASSETS } from './export-assets.js';

/**
 * ChatGPT's data export: `conversations.json` (or its `conversations-NNN.json` shards), an array of
 * conversations, each a tree of messages in `mapping` with `current_node` the one on screen.
 */

const text = z.string().catch('');
const Content = z
  .looseObject({
    content_type: text,
    parts: z.array(z.unknown()).catch([]),
    text: optionalText,
    content: optionalText,
    result: optionalText,
    language: optionalText,
    user_profile: optionalText,
    user_instructions: optionalText,
    model_set_context: optionalText,
    thoughts: z.array(z.unknown()).catch([]),
    url: optionalText,
    title: optionalText,
  })
  .catch({ content_type: '', parts: [], thoughts: [] });

const Message = z.looseObject({
  id: optionalText,
  author: z
    .looseObject({ role: text, name: z.string().nullish().catch(null) })
    .catch({ role: '', name: null }),
  create_time: z.number().nullish().catch(null),
  content: Content,
  recipient: z.string().nullish().catch(null),
  metadata: z.record(z.string(), z.unknown()).catch({}),
});
type Message = z.infer<typeof Message>;

const Node = z.looseObject({
  id: optionalText,
  parent: z.string().nullish().catch(null),
  message: Message.nullish().catch(null),
});
type Node = z.infer<typeof Node>;

function thoughtsText(thoughts: unknown[]): string {
  return thoughts
    .filter(isRecord)
    .map((t) => [label(t.summary), label(t.content)].filter((s) => s.trim() !== '').join('\n'))
    .filter((s) => s !== '')
    .join('\n\n');
}

/** An answer's text parts with their citation markers made links to their sources, or removed. */
function citedParts(parts: unknown[], metadata: Record<string, unknown>): unknown[] {
  const textOf = (part: unknown) =>
    typeof part === 'string' ? part : isRecord(part) && typeof part.text === 'string' ? part.text : undefined;
  const citations = citationsOf(
    metadata,
    parts.flatMap((part) => textOf(part) ?? []),
  );
  return parts.map((part) => {
    const text = textOf(part);
    if (text === undefined) return part;
    return typeof part === 'string'
      ? withCitations(text, citations)
      : { ...(part as object), text: withCitations(text, citations) };
  });
}

function messageInto(
  list: EntryList,
  nodeId: string,
  message: Message,
  assets: Assets,
  defaultModel?: string,
): void {
  const { author, content, metadata } = message;
  const role = author.role;
  const type = content.content_type;
  const attrs: TurnAttrs = {
    created: isoFromEpoch(message.create_time),
    model: str(metadata.model_slug) ?? defaultModel,
    source_msg: message.id ?? nodeId,
  };

  // Custom instructions and memories come as hidden messages; they are the conversation's context.
  if (type === 'user_editable_context') {
    list.add(
      'context',
      [content.user_profile, content.user_instructions].filter(Boolean).join('\n\n'),
      attrs,
    );
    return;
  }
  if (type === 'model_editable_context') {
    list.add('context', content.model_set_context ?? '', attrs);
    return;
  }
  if (metadata.is_visually_hidden_from_conversation === true) return;

  switch (type) {
    case 'thoughts':
      list.thought(thoughtsText(content.thoughts), attrs);
      return;
    case 'reasoning_recap':
      list.thought(content.content ?? '', attrs);
      return;
    case 'code':
      list.add(role === 'tool' ? 'shell' : 'code', content.text ?? '', attrs);
      return;
    case 'execution_output':
      list.add('shell', content.text ?? '', attrs);
      return;
    case 'tether_quote':
      list.add('shell', [content.title, content.url, content.text].filter(Boolean).join('\n\n'), attrs);
      return;
    case 'tether_browsing_display':
      list.add('shell', content.result ?? '', attrs);
      return;
  }

  // Other content types carry their words in `parts`, or else in `text`, `content` or `result`.
  const fallback = content.text ?? content.content ?? content.result;
  const given = content.parts.length > 0 ? content.parts : fallback === undefined ? [] : [fallback];
  const answers = role === 'assistant' && (message.recipient == null || message.recipient === 'all');
  const parts = answers ? citedParts(given, metadata) : given;
  const write = (into: (text: string) => void) =>
    partsInto(list, { parts, metadata }, attrs, into, { assets, held: null });
  if (role === 'user') {
    list.startTurn();
    // The question carries its files; its words are every text part, joined.
    const texts: string[] = [];
    const held: SourceFile[] = [];
    partsInto(list, { parts, metadata }, attrs, (t) => texts.push(t), { assets, held });
    list.query(texts.filter((t) => t.trim() !== '').join('\n\n'), attrs, held);
  } else if (role === 'system') write((t) => list.add('context', t, attrs));
  else if (role === 'tool') write((t) => list.add('shell', t, attrs));
  else if (message.recipient != null && message.recipient !== 'all') write((t) => list.add('code', t, attrs));
  else write((t) => list.gen(t, attrs));
}

/** What a conversation without an id is known by: its title, its time, each message by its key. */
function* contentOf(record: Record<string, unknown>): Generator<unknown> {
  yield record.title;
  yield record.create_time;
  const mapping = isRecord(record.mapping) ? record.mapping : {};
  for (const key of Object.keys(mapping).sort()) {
    const node = mapping[key];
    const message = isRecord(node) && isRecord(node.message) ? node.message : {};
    yield [key, message.id ?? null, message.content ?? null];
  }
}

/** One conversation of the export, along its active branch. */
export function readChatGptConversation(raw: unknown, index: number, assets: Assets = NO_ASSETS): ReadItem {
  const record = isRecord(raw) ? raw : {};
  const id = idText(record.conversation_id) ?? idText(record.id);
  const fallbackTitle = str(record.title) || `Conversation ${index}`;
  if (!isRecord(raw)) {
    return skipped(
      sourceId('chatgpt', `#${index}`),
      fallbackTitle,
      'Not a conversation: expected an object.',
    );
  }
  const source_id = sourceId('chatgpt', id ?? contentId(contentOf(record)));
  const created_at = isoFromEpoch(record.create_time);
  if (!isRecord(record.mapping)) {
    return skipped(source_id, fallbackTitle, 'The conversation has no messages (its mapping is missing).');
  }

  const mapping = record.mapping;
  const nodes = new Map<string, Node>();
  for (const [key, value] of Object.entries(mapping)) {
    const parsed = Node.safeParse(value);
    if (parsed.success) nodes.set(key, parsed.data);
  }
  const current = str(record.current_node);
  const leafId =
    current !== undefined && nodes.has(current)
      ? current
      : latestLeaf(
          [...nodes.keys()],
          (key) => nodes.get(key)?.parent ?? undefined,
          (key) => key,
          (key) => nodes.get(key)?.message?.create_time ?? Number.NaN,
        );
  const write = (list: EntryList, key: string) => {
    const message = nodes.get(key)?.message;
    if (message != null) messageInto(list, key, message, assets, str(record.default_model_slug));
  };
  const dates = { source_id, title: record.title, created_at, modified_at: isoFromEpoch(record.update_time) };
  const tree: MessageTree<string> = {
    messages: [...nodes.keys()],
    idOf: (key) => key,
    parentIdOf: (key) => nodes.get(key)?.parent ?? undefined,
  };
  // Edited questions and regenerated answers: every branch, the head where the export was left.
  if (branches(tree)) {
    const list = new EntryList(stableEids(source_id));
    const head = writeTree(list, tree, leafId, (key) => write(list, key));
    return finish({ ...dates, entries: list.entries, head, files: list.files });
  }
  const branch = branchTo(leafId, (key) => {
    const parent = nodes.get(key)?.parent;
    return parent != null && nodes.has(parent) ? parent : undefined;
  });
  const list = new EntryList();
  for (const key of branch) write(list, key);
  return finish({ ...dates, entries: list.entries, files: list.files });
}

/** Whether a top-level array element looks like a ChatGPT conversation. */
export function isChatGptConversation(value: unknown): boolean {
  return (
    isRecord(value) &&
    'mapping' in value &&
    ('current_node' in value || 'conversation_id' in value || 'title' in value)
  );
}
