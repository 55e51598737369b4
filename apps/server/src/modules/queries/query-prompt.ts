import type { QuerySubmit } from '@caravanserai/api';
import { buildMessages, type ChatMessage, contextText } from '@caravanserai/logbook';
import type { z } from 'zod';
import type { Prompt } from '../../providers/answer-stream.js';
import type { EntriesRepository } from '../logbooks/entries.repository.js';
import { toEntry } from '../logbooks/entry-codec.js';

type Input = z.output<typeof QuerySubmit>;

/** What a query sends the model: built from the request, the logbook's setting and its entries. */
export class QueryPrompts {
  constructor(private readonly entries: EntriesRepository) {}

  /**
   * Memory on (the request's `memory`, else the logbook's setting): the stored conversation up to
   * this query. Off: the context (given, or the log's context entries) and the question.
   */
  async build(input: Input, memoryByDefault: boolean, qid: string, question: string): Promise<Prompt> {
    let messages: ChatMessage[];
    if (input.memory ?? memoryByDefault) {
      const entries = (await this.entries.list(input.logid)).map(toEntry);
      messages = buildMessages({ entries, prompt: question, context: input.context, memory: true, qid });
    } else {
      const context =
        input.context ?? contextText((await this.entries.byTag(input.logid, 'context')).map(toEntry));
      messages = buildMessages({ entries: [], prompt: question, context, memory: false, qid });
    }
    return splitSystem(messages);
  }
}

/**
 * Every provider takes its instructions as one system text before the conversation (Gemini refuses
 * any other place), so context entries added mid-conversation join it there, in their order.
 */
export function splitSystem(messages: readonly ChatMessage[]): Prompt {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const conversation = messages.filter((m) => m.role !== 'system') as Prompt['messages'];
  return { ...(system.length > 0 ? { system: system.join('\n\n') } : {}), messages: conversation };
}

/** Every text of a prompt, for counting its tokens. */
export function promptTexts(prompt: Prompt): string[] {
  return [...(prompt.system === undefined ? [] : [prompt.system]), ...prompt.messages.map((m) => m.content)];
}
