import type { Kysely, Selectable } from 'kysely';
import type { AnswerEventsTable } from '../../db/answer-tables.js';
import type { Database } from '../../db/database.js';

export type AnswerEventsChunk = Selectable<AnswerEventsTable>;

/** SQL of the answer streams' kept events (DESIGN 9: a cut stream resumed on any process). */
export class AnswerEventsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(chunk: AnswerEventsChunk): Promise<void> {
    await this.db.insertInto('answer_events').values(chunk).execute();
  }

  /** Forgets the events of an earlier stream of the same query (it is asked again). */
  async forget(logid: string, qid: string): Promise<void> {
    await this.db.deleteFrom('answer_events').where('logid', '=', logid).where('qid', '=', qid).execute();
  }

  /** The stream's chunks from `chunk` on, if `userId` asked it. */
  from(userId: number, logid: string, qid: string, chunk: number): Promise<AnswerEventsChunk[]> {
    return this.db
      .selectFrom('answer_events')
      .selectAll()
      .where('logid', '=', logid)
      .where('qid', '=', qid)
      .where('user_id', '=', userId)
      .where('chunk', '>=', chunk)
      .orderBy('chunk')
      .execute();
  }

  async deleteBefore(at: number): Promise<void> {
    await this.db.deleteFrom('answer_events').where('at', '<', at).execute();
  }
}
