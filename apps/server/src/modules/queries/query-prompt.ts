import type { QuerySubmit } from '@caravanserai/api';
import { buildMessages, type ChatMessage, contextText } from '@caravanserai/logbook';
import type { z } from 'zod';
import type { Attachment, Prompt } from '../../providers/answer-stream.js';
import type { Origin } from '../../providers/registry.js';
import type { JournalsRepository } from '../journals/journals.repository.js';
import type { EntriesRepository } from '../logbooks/entries.repository.js';
import { toEntry } from '../logbooks/entry-codec.js';
import type { PromptFiles } from './prompt-files.js';

type Input = z.output<typeof QuerySubmit>;

/** The question being asked: its text and the files it carries. */
export interface Asked {
  qid: string;
  question: string;
  files: readonly string[];
}

/** Whose instructions a query carries: the asker's own, and the journal its logbook is filed in. */
export interface InstructionSources {
  user: { instructions: string };
  jid: string | null;
}

/** What a query sends the model: built from the request, the logbook's setting and its entries. */
export class QueryPrompts {
  constructor(
    private readonly entries: EntriesRepository,
    private readonly journals: JournalsRepository,
    private readonly files: PromptFiles,
  ) {}

  /**
   * The user's and the journal's instructions come first, whatever memory says (DESIGN 12). Then,
   * memory on (the request's `memory`, else the logbook's setting): the stored conversation up to
   * this query. Off: the context (given, or the log's context entries) and the question.
   */
  async build(
    input: Input,
    memoryByDefault: boolean,
    asked: Asked,
    origin: Origin,
    sources: InstructionSources,
  ): Promise<Prompt> {
    const [prompt, instructions] = await Promise.all([
      this.conversation(input, memoryByDefault, asked, origin),
      this.instructions(sources),
    ]);
    return { ...prompt, system: [...instructions, ...prompt.system] };
  }

  /** The instructions that apply, in the order they are sent; blank ones are not sent. */
  async instructions({ user, jid }: InstructionSources): Promise<string[]> {
    const journal = jid === null ? '' : await this.journals.instructionsOf(jid);
    return [user.instructions, journal].filter((text) => text.trim() !== '');
  }

  private async conversation(
    input: Input,
    memoryByDefault: boolean,
    asked: Asked,
    origin: Origin,
  ): Promise<Prompt> {
    const { qid, question, files } = asked;
    let messages: ChatMessage[];
    if (input.memory ?? memoryByDefault) {
      const entries = (await this.entries.list(input.logid)).map(toEntry);
      messages = buildMessages({
        entries,
        prompt: question,
        context: input.context,
        memory: true,
        qid,
        files,
      });
    } else {
      const context =
        input.context ?? contextText((await this.entries.byTag(input.logid, 'context')).map(toEntry));
      messages = buildMessages({ entries: [], prompt: question, context, memory: false, qid, files });
    }
    const attachments = await this.files.attachments(input.logid, messages, origin);
    return splitSystem(messages, attachments);
  }
}

/**
 * Every provider takes its instructions as one system text before the conversation (Gemini refuses
 * any other place), so context entries added mid-conversation join it there, in their order.
 */
export function splitSystem(
  messages: readonly ChatMessage[],
  attachments: ReadonlyMap<string, Attachment> = new Map(),
): Prompt {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const conversation: Prompt['messages'] = [];
  for (const { role, content, files = [] } of messages) {
    if (role === 'system') continue;
    const carried = files.flatMap((id) => attachments.get(id) ?? []);
    conversation.push(carried.length > 0 ? { role, content, attachments: carried } : { role, content });
  }
  return { system: system.length > 0 ? [system.join('\n\n')] : [], messages: conversation };
}

/**
 * What an image or a document sent as a file part is counted as when the provider reports no
 * counts: providers bill an image by its tiles, a typical photo at about this many tokens.
 */
export const FILE_PART_TOKENS = 1000;

/** Every text of a prompt, for counting its tokens; files sent as text count among them. */
export function promptTexts(prompt: Prompt): string[] {
  const texts = [...prompt.system];
  for (const message of prompt.messages) {
    texts.push(message.content);
    for (const part of message.attachments ?? []) if (part.type === 'text') texts.push(part.text);
  }
  return texts;
}

/** How many files a prompt sends as file parts (images, PDFs), each counted as FILE_PART_TOKENS. */
export function promptFileParts(prompt: Prompt): number {
  return prompt.messages.reduce(
    (n, message) => n + (message.attachments ?? []).filter((part) => part.type === 'file').length,
    0,
  );
}
