/** Helpers for the tests that read the fake through the AI SDK's own providers. */

import type {
  LanguageModelV3,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
  SharedV3ProviderOptions,
} from '@ai-sdk/provider';
import type { Script } from './types';

/** A reply that reasons first: 6 reasoning words, then 4 answer words. */
export const reasoningReply = {
  kind: 'reply',
  text: 'The answer is four.',
  reasoning: 'Two plus two makes four, plainly.',
} as const satisfies Script;
export const REASONING_WORDS = 6;
export const ANSWER_WORDS = 4;

/** One user message of 5 words. */
export const question: LanguageModelV3Prompt = [
  { role: 'user', content: [{ type: 'text', text: 'what is two plus two' }] },
];

/**
 * The question, an earlier answer that carried reasoning (which the provider sends back in its own
 * shape, given the options it needs for that), and a follow-up: 5 + 1 + 2 prompt words.
 */
export function followUp(reasoningOptions?: SharedV3ProviderOptions): LanguageModelV3Prompt {
  return [
    ...question,
    {
      role: 'assistant',
      content: [
        {
          type: 'reasoning',
          text: 'Adding small numbers.',
          ...(reasoningOptions ? { providerOptions: reasoningOptions } : {}),
        },
        { type: 'text', text: 'Four.' },
      ],
    },
    { role: 'user', content: [{ type: 'text', text: 'and again' }] },
  ];
}

/** How followUp() reads once normalised: the earlier reasoning is left out. */
export const followUpMessages = [
  { role: 'user', content: 'what is two plus two' },
  { role: 'assistant', content: 'Four.' },
  { role: 'user', content: 'and again' },
];

export interface StreamSummary {
  reasoning: string;
  text: string;
  /** The reasoning and text part types in order, repeats collapsed. */
  order: string[];
  usage: LanguageModelV3Usage | undefined;
  errors: unknown[];
}

/** Streams one answer with doStream and sums up what the provider made of it. */
export async function streamAnswer(
  model: LanguageModelV3,
  prompt: LanguageModelV3Prompt = question,
): Promise<StreamSummary> {
  const { stream } = await model.doStream({ prompt });
  const parts: LanguageModelV3StreamPart[] = [];
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) parts.push(read.value);
  const summary: StreamSummary = { reasoning: '', text: '', order: [], usage: undefined, errors: [] };
  for (const part of parts) {
    if (part.type === 'reasoning-delta') summary.reasoning += part.delta;
    if (part.type === 'text-delta') summary.text += part.delta;
    if (part.type === 'finish') summary.usage = part.usage;
    if (part.type === 'error') summary.errors.push(part.error);
    if (/^(reasoning|text)-/.test(part.type) && summary.order.at(-1) !== part.type)
      summary.order.push(part.type);
  }
  return summary;
}

/** What a reply that reasons first streams as, whatever the provider. */
export const REASONING_THEN_TEXT = [
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'text-start',
  'text-delta',
  'text-end',
];
