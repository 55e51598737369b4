import type { NormalisedMessage } from './types';

/** The model's reasoning, sent before the answer text in each family's own shape. */
export interface ReasoningPlan {
  text: string;
  /** `text` cut like the answer's text, one streamed event each. */
  pieces: string[];
  tokens: number;
}

/** Everything a family needs to answer one request with text. */
export interface ReplyPlan {
  /** Per-server sequence number, used to make deterministic ids. */
  sequence: number;
  model: string;
  text: string;
  /** `text` cut into the pieces streamed one event each; joined they give `text` back. */
  pieces: string[];
  /** Absent when the reply does not reason. */
  reasoning?: ReasoningPlan;
  inputTokens: number;
  /** The answer text's tokens, reasoning not included. */
  outputTokens: number;
  /** False: leave the token counts out of the answer. */
  reportUsage: boolean;
  /** The model stopped at its maximum length. */
  atLength: boolean;
  /** Unix seconds. */
  created: number;
}

export const DEFAULT_CHUNKS = 3;

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}

export function echoText(messages: readonly NormalisedMessage[]): string {
  const lastUser = messages.findLast((message) => message.role === 'user');
  return `Echo: ${lastUser?.content ?? ''}`;
}

/** Cuts text into at most `count` pieces of near-equal length, never splitting a code point. */
export function splitText(text: string, count: number): string[] {
  const points = Array.from(text);
  const pieceCount = Math.max(1, Math.min(Math.floor(count), points.length));
  const pieces: string[] = [];
  for (let index = 0; index < pieceCount; index += 1) {
    const start = Math.floor((index * points.length) / pieceCount);
    const end = Math.floor(((index + 1) * points.length) / pieceCount);
    pieces.push(points.slice(start, end).join(''));
  }
  return pieces;
}

export interface PlanInput {
  sequence: number;
  model: string;
  messages: readonly NormalisedMessage[];
  text: string;
  /** Empty or absent: no reasoning. */
  reasoning?: string;
  chunks?: number;
  inputTokens?: number;
  outputTokens?: number;
  reportUsage?: boolean;
  atLength?: boolean;
}

export function planReply(input: PlanInput): ReplyPlan {
  const promptWords = input.messages.reduce((sum, message) => sum + countWords(message.content), 0);
  const chunks = input.chunks ?? DEFAULT_CHUNKS;
  const reasoning = input.reasoning ?? '';
  return {
    sequence: input.sequence,
    model: input.model,
    text: input.text,
    pieces: splitText(input.text, chunks),
    ...(reasoning.length > 0
      ? {
          reasoning: { text: reasoning, pieces: splitText(reasoning, chunks), tokens: countWords(reasoning) },
        }
      : {}),
    inputTokens: input.inputTokens ?? promptWords,
    outputTokens: input.outputTokens ?? countWords(input.text),
    reportUsage: input.reportUsage ?? true,
    atLength: input.atLength ?? false,
    created: Math.floor(Date.now() / 1000),
  };
}

/**
 * Every token the model wrote, reasoning included: what OpenAI (completion_tokens, output_tokens)
 * and Anthropic (output_tokens) report as the output count.
 */
export function allOutputTokens(plan: ReplyPlan): number {
  return plan.outputTokens + (plan.reasoning?.tokens ?? 0);
}
