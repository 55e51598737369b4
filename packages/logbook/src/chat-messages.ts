import { type Entry, filesOf } from './entry';
import { isNotice } from './notices';
import type { Tag } from './tags';
import { pathTo, treeOf } from './tree';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
  /** The ids of the files a question carries (its entry's `files` attribute, DESIGN 3a). */
  files?: string[];
}

function question(content: string, files: readonly string[]): ChatMessage {
  return files.length > 0 ? { role: 'user', content, files: [...files] } : { role: 'user', content };
}

/** What the client sends as the context when a Logbook has none. */
export const NO_CONTEXT = 'No Context';

// Comments are the user's private notes and mirages are answers marked wrong; neither, nor
// shell traffic, nor the app's notices, is ever shown to the model.
const ROLE_OF: Partial<Record<Tag, ChatMessage['role']>> = {
  context: 'system',
  query: 'user',
  gen: 'assistant',
};

const isBlank = (text: string): boolean => text.trim() === '';

export function contextText(entries: readonly Entry[]): string {
  return entries
    .filter((e) => e.tag === 'context')
    .map((e) => e.content)
    .join('\n\n');
}

function usableContext(context: string | undefined): string | null {
  if (context === undefined || isBlank(context) || context.trim() === NO_CONTEXT) return null;
  return context;
}

function conversation(entries: readonly Entry[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const e of entries) {
    const role = ROLE_OF[e.tag];
    if (role === undefined || isBlank(e.content) || isNotice(e)) continue;
    messages.push(role === 'user' ? question(e.content, filesOf(e)) : { role, content: e.content });
  }
  return messages;
}

// The client usually sends the joined context entries, which the replay already carries.
function replaysContext(entries: readonly Entry[], context: string): boolean {
  const wanted = context.trim();
  if (contextText(entries).trim() === wanted) return true;
  return entries.some((e) => e.tag === 'context' && e.content.trim() === wanted);
}

/**
 * The messages for one AI call. With memory off only the context and the prompt are sent; with
 * memory on the stored conversation is replayed, and the prompt is added unless it was already
 * saved as the query with `qid` (queries are saved before the AI is asked). A saved query is
 * replayed with what came before it on its branch only: asking an earlier query again (a retry, a
 * regenerated answer) sends neither its old answers nor anything written after it, and no other
 * branch of the conversation is ever sent.
 */
export function buildMessages(opts: {
  entries: readonly Entry[];
  prompt: string;
  context?: string;
  memory?: boolean;
  qid?: string;
  /** The files the prompt carries, when it is not replayed from its stored entry. */
  files?: readonly string[];
}): ChatMessage[] {
  const { entries, prompt, qid, files = [] } = opts;
  const context = usableContext(opts.context);

  if (!opts.memory) {
    const messages: ChatMessage[] = context === null ? [] : [{ role: 'system', content: context }];
    messages.push(question(prompt, files));
    return messages;
  }

  const saved = qid === undefined ? -1 : entries.findIndex((e) => e.tag === 'query' && e.attrs.qid === qid);
  // The branch the query is on (DESIGN 3a), never another: a saved query's own line, else the
  // line that ends the document.
  const line = pathTo(treeOf(entries), saved < 0 ? entries.length - 1 : saved);
  const replayed = line.map((index) => entries[index]!);
  const messages = conversation(replayed);
  if (saved < 0) messages.push(question(prompt, files));

  if (context !== null && !replaysContext(replayed, context)) {
    messages.unshift({ role: 'system', content: context });
  }
  return messages;
}
