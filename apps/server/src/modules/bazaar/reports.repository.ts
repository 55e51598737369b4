import type { Executor } from '../../db/database.js';

export interface ReportWithNames {
  report_id: string;
  reason: string;
  created_at: number;
  reporter_username: string;
  listing_id: string;
  slug: string;
  title: string;
  author_username: string;
  hidden_at: number | null;
  withdrawn_at: number | null;
}

/** At most this many reports are listed, newest first. */
const LISTED = 500;

/** Reports of listings, for the instance's administrators. */
export class ReportsRepository {
  constructor(private readonly db: Executor) {}

  async insert(row: {
    report_id: string;
    listing_id: string;
    reporter_id: number;
    reason: string;
    created_at: number;
  }) {
    await this.db.insertInto('bazaar_reports').values(row).execute();
  }

  /** How many reports this user made since `since`: a flood of them is refused. */
  async countSince(reporterId: number, since: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('bazaar_reports')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('reporter_id', '=', reporterId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  list(): Promise<ReportWithNames[]> {
    return this.db
      .selectFrom('bazaar_reports as r')
      .innerJoin('users as reporter', 'reporter.id', 'r.reporter_id')
      .innerJoin('bazaar_listings as l', 'l.listing_id', 'r.listing_id')
      .innerJoin('users as author', 'author.id', 'l.author_id')
      .select([
        'r.report_id',
        'r.reason',
        'r.created_at',
        'reporter.username as reporter_username',
        'l.listing_id',
        'l.slug',
        'l.title',
        'author.username as author_username',
        'l.hidden_at',
        'l.withdrawn_at',
      ])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.report_id')
      .limit(LISTED)
      .execute();
  }
}
