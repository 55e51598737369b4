/** A chunk of an answer stream's events, kept so a cut stream can be resumed (DESIGN 9). */
export interface AnswerEventsTable {
  logid: string;
  qid: string;
  /** The chunk's number within its stream, from 0. */
  chunk: number;
  /** Who asked: only they may resume it. */
  user_id: number;
  /** The number (`id`) of the chunk's first event. */
  first_seq: number;
  /** The events as they went on the wire, a JSON list of strings. */
  frames: string;
  /** 1 on the stream's last chunk. */
  ended: number;
  at: number;
}
