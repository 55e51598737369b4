import type { NormalisedMessage } from './types';

/** Everything a family needs to answer one request with text. */
export interface ReplyPlan {
  /** Per-server sequence number, used to make deterministic ids. */
  sequence: number;
  model: string;
  text: string;
  /** `text` cut into the pieces streamed one event each; joined they give `text` back. */
  pieces: string[];
  inputTokens: number;
  outputTokens: number;
  /** False: leave the token counts out of the answer. */
  reportUsage: boolean;
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
  chunks?: number;
  inputTokens?: number;
  outputTokens?: number;
  reportUsage?: boolean;
}

export function planReply(input: PlanInput): ReplyPlan {
  const promptWords = input.messages.reduce((sum, message) => sum + countWords(message.content), 0);
  return {
    sequence: input.sequence,
    model: input.model,
    text: input.text,
    pieces: splitText(input.text, input.chunks ?? DEFAULT_CHUNKS),
    inputTokens: input.inputTokens ?? promptWords,
    outputTokens: input.outputTokens ?? countWords(input.text),
    reportUsage: input.reportUsage ?? true,
    created: Math.floor(Date.now() / 1000),
  };
}
