import type { CaravanRow, UserRow } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { KeyedQueue } from '../../lib/keyed-queue.js';
import type { QueryWell } from '../wells/wells.service.js';
import type { CaravanUsageRepository } from './caravan-usage.repository.js';
import type { CaravansRepository } from './caravans.repository.js';
import { allowedModels, modelAllowed } from './policy.js';

/** A query let through: the caravan it is counted in (null: none), and the slot to free when it ends. */
export interface Admission {
  caravanId: string | null;
  /** Called once the query's usage row is written (or it ended without one). Idempotent. */
  release(): void;
}

/** The first moment of the current UTC month: quotas count from there. */
export function monthStart(at = Date.now()): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

const refused = (code: 'policy_model' | 'quota_exceeded' | 'policy_personal_wells', detail: string) =>
  new HttpError(403, code, detail);

/**
 * The caravans' policies, checked before any provider is called. A query
 * through a caravan's shared well is that caravan's (the first the user joined, when several share
 * the well): its allow-list and quotas apply, leaders' queries included, and its usage row names
 * it. `personal_wells: false` binds the caravan's members (not its leaders) to its shared wells.
 *
 * Concurrency rule: each caravan's checks run one at a time in this process, and a query that
 * passes is counted "in flight" until its usage row is written. A member's query quota counts
 * answered queries plus those in flight, so two concurrent queries can never both take its last
 * unit. Token quotas and the caravan's token budget admit a query while the tokens already used
 * are below the cap: a query's own tokens are known only once it is answered, so at most the
 * queries in flight at that moment overshoot, each by its own tokens. (Several server processes
 * each keep their own in-flight count: across them the query quota can overshoot by the queries
 * in flight on the others.)
 */
export class QueryAdmission {
  private readonly inFlight = new Map<string, number>();
  /** Each caravan's admissions, one at a time. */
  private readonly admissions = new KeyedQueue<string>();

  constructor(
    private readonly caravans: CaravansRepository,
    private readonly usage: CaravanUsageRepository,
  ) {}

  async admit(user: UserRow, well: QueryWell): Promise<Admission> {
    const memberships = await this.caravans.policiesOf(user.id);
    const sharedIn = new Set(well.shares.map((s) => s.caravan.caravan_id));
    for (const caravan of memberships) {
      if (caravan.role === 'member' && caravan.personal_wells === 0 && !sharedIn.has(caravan.caravan_id)) {
        throw refused(
          'policy_personal_wells',
          `Caravan "${caravan.name}" allows queries only through its shared wells.`,
        );
      }
    }
    const through = well.shares[0]?.caravan;
    if (!through) return { caravanId: null, release: () => {} };
    if (!modelAllowed(allowedModels(through), well.row.origin_loc)) {
      throw refused(
        'policy_model',
        `The model "${well.row.origin_loc}" is not allowed in caravan "${through.name}".`,
      );
    }
    return this.admissions.run(through.caravan_id, () => this.takeSlot(user, through));
  }

  private async takeSlot(user: UserRow, caravan: CaravanRow): Promise<Admission> {
    const memberKey = `${caravan.caravan_id}:${user.id}`;
    const since = monthStart();
    const needsMember = caravan.member_monthly_queries !== null || caravan.member_monthly_tokens !== null;
    const [mine, all] = await Promise.all([
      needsMember ? this.usage.used(caravan.caravan_id, since, user.id) : undefined,
      caravan.caravan_monthly_tokens !== null ? this.usage.used(caravan.caravan_id, since) : undefined,
    ]);
    const name = caravan.name;
    const cap = (what: string, n: number) =>
      refused('quota_exceeded', `${what} of ${n} reached in caravan "${name}".`);
    const pending = this.inFlight.get(memberKey) ?? 0;
    if (
      mine &&
      caravan.member_monthly_queries !== null &&
      mine.queries + pending >= caravan.member_monthly_queries
    )
      throw cap('Monthly query quota', caravan.member_monthly_queries);
    if (mine && caravan.member_monthly_tokens !== null && mine.tokens >= caravan.member_monthly_tokens)
      throw cap('Monthly token quota', caravan.member_monthly_tokens);
    if (all && caravan.caravan_monthly_tokens !== null && all.tokens >= caravan.caravan_monthly_tokens)
      throw cap('Monthly token budget', caravan.caravan_monthly_tokens);

    this.inFlight.set(memberKey, pending + 1);
    let released = false;
    return {
      caravanId: caravan.caravan_id,
      release: () => {
        if (released) return;
        released = true;
        const left = (this.inFlight.get(memberKey) ?? 1) - 1;
        if (left > 0) this.inFlight.set(memberKey, left);
        else this.inFlight.delete(memberKey);
      },
    };
  }
}
