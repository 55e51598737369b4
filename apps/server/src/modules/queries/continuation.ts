import type { Entry } from '@caravanserai/logbook';
import { fieldError } from '../../errors.js';
import type { Prompt } from '../../providers/answer-stream.js';
import { CUT_MARK } from './answer-recorder.js';

/** What the model is asked after the answer it left unfinished (DESIGN 12). */
export const CONTINUE_PROMPT =
  'Continue exactly where your previous answer ended. Do not repeat anything already written and do not mention the interruption.';

/** An answer being continued: where it is stored and the text it goes on from. */
export interface Continuing {
  eid: string;
  position: number;
  qid: string;
  /** Its text without the server's cut mark: what the model is shown and the continuation joins. */
  text: string;
  attrs: Record<string, string>;
}

/** Whether a stored answer ended early: stopped by its owner, cut at the server's cap or the model's length. */
export function endedEarly(attrs: Record<string, string>): boolean {
  return attrs.stopped === 'true' || attrs.truncated === 'true' || attrs.finish === 'length';
}

/** The answer a continue names, or a refusal in words when it cannot be continued. */
export function continuing(
  row:
    | { position: number; tag: string; content: string; eid: string | null; attrs: Entry['attrs'] }
    | undefined,
  maxChars: number,
): Continuing {
  if (row?.tag !== 'gen' || !row.eid || !row.attrs.qid)
    throw fieldError('continues', 'There is no answer with this eid in this logbook.');
  if (!endedEarly(row.attrs))
    throw fieldError('continues', 'Only an answer that was stopped or cut short can be continued.');
  const text = row.attrs.truncated === 'true' ? row.content.replace(CUT_MARK, '') : row.content;
  if (text.length >= maxChars)
    throw fieldError(
      'continues',
      `This answer is already as long as this server keeps answers (${maxChars.toLocaleString('en-US')} characters).`,
    );
  return { eid: row.eid, position: row.position, qid: row.attrs.qid, text, attrs: row.attrs };
}

/** The unfinished answer, then the request to go on from it. */
export function continuationMessages(going: Continuing): Prompt['messages'] {
  return [
    { role: 'assistant', content: going.text },
    { role: 'user', content: CONTINUE_PROMPT },
  ];
}
