import { AnswerBuffer } from './answer-buffer.js';

/** A model's reasoning as it was read: its text and how long the model thought. */
export interface Reasoning {
  text: string;
  /** From the first piece of reasoning to the first piece of the answer (or the end). */
  ms: number;
}

/**
 * A reasoning model's thinking as it arrives (DESIGN 12): cleaned and capped like an answer, and
 * timed, so the page can say 'Thought for N s'. Reasoning past the cap is dropped, not the answer.
 */
export class Thought {
  private readonly buffer: AnswerBuffer;
  private started: number | undefined;
  private ended: number | undefined;

  constructor(maxChars: number) {
    this.buffer = new AnswerBuffer(maxChars);
  }

  /** Takes a piece of reasoning; returns what of it is kept (maybe ''). */
  push(piece: string): string {
    this.started ??= performance.now();
    return this.buffer.push(piece);
  }

  /** The answer has begun: the thinking is over. */
  end(): void {
    if (this.started !== undefined) this.ended ??= performance.now();
  }

  /** The reasoning read, or undefined when the model showed none. */
  finish(): Reasoning | undefined {
    if (this.started === undefined) return undefined;
    this.end();
    const text = this.buffer.finish();
    if (text.trim() === '') return undefined;
    return { text, ms: Math.round((this.ended ?? this.started) - this.started) };
  }
}
