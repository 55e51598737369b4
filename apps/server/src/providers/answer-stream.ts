import type { LanguageModelV3, LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { CallSettings } from './model-settings.js';

/** What a question carries beside its text (DESIGN 3a): a file's bytes, or a file as text. */
export type Attachment =
  | { type: 'file'; mediaType: string; data: Uint8Array; filename: string }
  | { type: 'text'; text: string };

/**
 * What the model is sent: its system texts in order (the user's instructions, the journal's, the
 * logbook's context), then the conversation.
 */
export interface Prompt {
  system: string[];
  messages: { role: 'user' | 'assistant'; content: string; attachments?: Attachment[] }[];
}

/** Token counts as the provider reported them; undefined where it reported none. */
export interface Tokens {
  input: number | undefined;
  output: number | undefined;
}

/** What a provider's answer amounts to, piece by piece. */
export type AnswerPart =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  /** The end of the answer: its counts, and whether the model stopped at its maximum length. */
  | { type: 'usage'; tokens: Tokens; atLength: boolean }
  | { type: 'error'; error: unknown };

function toProviderPrompt({ system, messages }: Prompt): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = system.map((content) => ({ role: 'system', content }));
  for (const { role, content, attachments = [] } of messages) {
    if (role === 'assistant') prompt.push({ role, content: [{ type: 'text', text: content }] });
    else prompt.push({ role, content: [{ type: 'text', text: content }, ...attachments] });
  }
  return prompt;
}

/**
 * Streams an answer straight from the provider's model (the SDK's provider interface). A query is
 * plain text in, plain text out: the SDK's generic `streamText` layer (tools, steps, retries,
 * output parsing) would only add a few milliseconds of stream plumbing to every query.
 */
export async function* streamAnswer(
  model: LanguageModelV3,
  prompt: Prompt,
  abortSignal: AbortSignal,
  settings: CallSettings = {},
): AsyncGenerator<AnswerPart> {
  const { stream } = await model.doStream({ ...settings, prompt: toProviderPrompt(prompt), abortSignal });
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      const part = toAnswerPart(value);
      if (part) yield part;
    }
  } finally {
    // Stopping early (the cap, an error) must let go of the provider's response.
    reader.cancel().catch(() => {});
  }
}

function toAnswerPart(part: LanguageModelV3StreamPart): AnswerPart | null {
  switch (part.type) {
    case 'text-delta':
      return { type: 'text', text: part.delta };
    case 'reasoning-delta':
      return part.delta === '' ? null : { type: 'reasoning', text: part.delta };
    case 'finish':
      return {
        type: 'usage',
        tokens: { input: part.usage.inputTokens.total, output: part.usage.outputTokens.total },
        atLength: part.finishReason.unified === 'length',
      };
    case 'error':
      return { type: 'error', error: part.error };
    default:
      return null;
  }
}
