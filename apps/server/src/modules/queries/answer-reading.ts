import type { LanguageModelV3 } from '@ai-sdk/provider';
import { type Prompt, streamAnswer } from '../../providers/answer-stream.js';
import type { CallSettings } from '../../providers/model-settings.js';
import { answerTooLarge } from '../../providers/response-limit.js';
import { AnswerBuffer } from './answer-buffer.js';
import type { Ending, ReadAnswer } from './answer-recorder.js';
import type { ProviderCall } from './provider-calls.js';
import { Thought } from './thought.js';

/** What is asked of a provider: its model, the prompt and the settings in its own terms. */
export interface AnswerSource {
  languageModel: LanguageModelV3;
  prompt: Prompt;
  settings: CallSettings;
}

/** A piece of an answer as it arrives: its text, or the model's thinking before it. */
export type AnswerPiece = { type: 'delta'; text: string } | { type: 'reasoning'; text: string };

/** How reading ended: an answer to keep, a stop before any text, or a failure. */
export type AnswerOutcome =
  | { kind: 'answered'; read: ReadAnswer }
  | { kind: 'cancelled' }
  | { kind: 'failed'; failure: unknown };

export interface AnswerLimits {
  /** The longest answer kept: the provider's stream is not read past it. */
  answerChars: number;
  /** The longest thinking kept (past it, thinking is dropped, not the answer). */
  reasoningChars: number;
}

/**
 * Reads one provider call, for a logbook's query and the gateway alike: yields the answer's
 * pieces, cleaned and capped, as they arrive, and returns how it ended. The call's signal stops it
 * (a Stop, the timeout); reaching the cap cuts it. Never throws for the provider's sake: a failure
 * is an outcome.
 */
export async function* readAnswer(
  source: AnswerSource,
  call: Omit<ProviderCall, 'end'>,
  limits: AnswerLimits,
): AsyncGenerator<AnswerPiece, AnswerOutcome> {
  const answer = new AnswerBuffer(limits.answerChars);
  const thought = new Thought(limits.reasoningChars);
  const reported: ReadAnswer['reported'] = {};
  let failure: unknown;
  let atLength = false;
  try {
    for await (const part of streamAnswer(
      source.languageModel,
      source.prompt,
      call.signal,
      source.settings,
    )) {
      if (part.type === 'reasoning') {
        const text = thought.push(part.text);
        if (text) yield { type: 'reasoning', text };
      } else if (part.type === 'text') {
        thought.end();
        const text = answer.push(part.text);
        if (text) yield { type: 'delta', text };
        if (answer.full) {
          call.cut();
          break;
        }
      } else if (part.type === 'error') {
        failure = part.error;
      } else {
        reported.input = part.tokens.input;
        reported.output = part.tokens.output;
        atLength = part.atLength;
      }
    }
  } catch (error) {
    failure = error;
  }
  const text = answer.finish();
  const ending = endingOf(call.cancelled(), answer.full, failure, text);
  if (ending === null) return call.cancelled() ? { kind: 'cancelled' } : { kind: 'failed', failure };
  return { kind: 'answered', read: { text, ending, reported, reasoning: thought.finish(), atLength } };
}

/** How reading ended, or null when there is no answer to keep (a failure, or a stop before any text). */
function endingOf(stopped: boolean, full: boolean, failure: unknown, text: string): Ending | null {
  if (stopped) return text === '' ? null : 'stopped';
  if (full) return 'cut';
  // Past the byte limit with text in hand: as good as reaching the cap.
  if (failure !== undefined) return answerTooLarge(failure) !== undefined && text !== '' ? 'cut' : null;
  return 'complete';
}
