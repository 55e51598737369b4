import type {
  Caravan,
  CaravanPolicy,
  CaravanPolicyUpdate,
  CaravanSummary,
  CaravanWrite,
} from '@caravanserai/api';
import type { z } from 'zod';
import type { Access } from '../../access/access.js';
import type { CaravanAccess } from '../../access/caravan-access.js';
import { int, now } from '../../db/columns.js';
import type { CaravanMemberRow, CaravanRow, Executor, UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { Conflict, Forbidden, NotFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import type { AuditRepository } from './audit.repository.js';
import { toCaravan, toCaravanSummary } from './caravans.presenter.js';
import type { CaravansRepository } from './caravans.repository.js';
import { toPolicy } from './policy.js';

type PolicyInput = z.output<typeof CaravanPolicyUpdate>;
type WriteInput = z.output<typeof CaravanWrite>;

export const SULTAN_NEEDED = 'Creating a Caravan needs the Sultan tier.';

/** A caravan itself: creating, naming and deleting it, its shared wells and its policy. Leaders change it. */
export class CaravansService {
  constructor(
    private readonly db: Db,
    private readonly caravans: CaravansRepository,
    private readonly audit: AuditRepository,
    private readonly access: Access,
    private readonly options: { paymentsEnabled: boolean },
  ) {}

  private get seats(): CaravanAccess {
    return this.access.caravans;
  }

  async create(user: UserRow, input: WriteInput): Promise<Caravan> {
    // With payments on, a caravan is the Sultan tier's "Caravan Dashboard".
    if (this.options.paymentsEnabled && user.role !== 'Sultan') throw Forbidden(SULTAN_NEEDED);
    const at = now();
    const row: CaravanRow = {
      caravan_id: newId(),
      name: input.name,
      allowed_models: '[]',
      member_monthly_queries: null,
      member_monthly_tokens: null,
      caravan_monthly_tokens: null,
      personal_wells: 1,
      created_at: at,
      modified_at: at,
    };
    await this.db.kysely.transaction().execute(async (trx) => {
      await this.caravans.insert(row, user.id, trx);
      await this.audit.record(
        { caravanId: row.caravan_id, actor: user.username, action: 'caravan.create', target: row.name },
        at,
        trx,
      );
    });
    return this.detail(user, row.caravan_id);
  }

  async list(user: UserRow): Promise<CaravanSummary[]> {
    const mine = await this.caravans.mine(user.id);
    return mine.map((m) => toCaravanSummary(m, m.role));
  }

  async detail(user: UserRow, caravanId: string): Promise<Caravan> {
    const seat = await this.seats.member(user, caravanId);
    return this.shown(seat.caravan, seat.membership.role);
  }

  /** The caravan as `role` sees it. */
  async shown(caravan: CaravanRow, role: CaravanMemberRow['role']): Promise<Caravan> {
    const [members, wells] = await Promise.all([
      this.caravans.members(caravan.caravan_id),
      this.caravans.wells(caravan.caravan_id),
    ]);
    return toCaravan(caravan, role, members, wells);
  }

  async rename(user: UserRow, caravanId: string, input: WriteInput): Promise<Caravan> {
    const { caravan } = await this.seats.leader(user, caravanId);
    if (input.name !== caravan.name) {
      await this.change(user, caravan, 'caravan.rename', input.name, `from "${caravan.name}"`, (trx, at) =>
        this.caravans.update(caravanId, { name: input.name, modified_at: at }, trx),
      );
    }
    return this.detail(user, caravanId);
  }

  async remove(user: UserRow, caravanId: string): Promise<void> {
    await this.seats.leader(user, caravanId);
    await this.db.kysely.transaction().execute((trx) => this.caravans.delete(caravanId, trx));
  }

  /** A leader shares one of their own wells (anyone else's is a 400 on wellid). */
  async shareWell(user: UserRow, caravanId: string, wellid: string): Promise<Caravan> {
    const { caravan } = await this.seats.leader(user, caravanId);
    const well = await this.access.ownWell(user, wellid, 'wellid');
    if (await this.caravans.isShared(caravanId, wellid))
      throw Conflict('This well is already shared with this caravan.');
    try {
      await this.change(user, caravan, 'well.share', wellid, well.title, (trx, at) =>
        this.caravans.share(caravanId, wellid, at, trx),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw Conflict('This well is already shared with this caravan.');
      throw error;
    }
    return this.detail(user, caravanId);
  }

  /** Members lose the well from their next query on. */
  async unshareWell(user: UserRow, caravanId: string, wellid: string): Promise<void> {
    const { caravan } = await this.seats.leader(user, caravanId);
    if (!(await this.caravans.isShared(caravanId, wellid)))
      throw NotFound('This well is not shared with this caravan.');
    await this.change(user, caravan, 'well.unshare', wellid, '', (trx) =>
      this.caravans.unshare(caravanId, wellid, trx),
    );
  }

  async setPolicy(user: UserRow, caravanId: string, input: PolicyInput): Promise<CaravanPolicy> {
    const { caravan } = await this.seats.leader(user, caravanId);
    const patch = {
      allowed_models: JSON.stringify([...new Set(input.allowed_models)]),
      member_monthly_queries: input.member_monthly_queries,
      member_monthly_tokens: input.member_monthly_tokens,
      caravan_monthly_tokens: input.caravan_monthly_tokens,
      personal_wells: int(input.personal_wells),
    };
    const next = { ...caravan, ...patch };
    await this.change(
      user,
      caravan,
      'policy.update',
      caravan.name,
      JSON.stringify(toPolicy(next)),
      (trx, at) => this.caravans.update(caravanId, { ...patch, modified_at: at }, trx),
    );
    return toPolicy(next);
  }

  /** One change and its audit line, in one transaction. */
  private async change(
    user: UserRow,
    caravan: CaravanRow,
    action: string,
    target: string,
    detail: string,
    write: (trx: Executor, at: number) => Promise<void>,
  ): Promise<void> {
    const at = now();
    await this.db.kysely.transaction().execute(async (trx) => {
      await write(trx, at);
      await this.audit.record(
        { caravanId: caravan.caravan_id, actor: user.username, action, target, detail },
        at,
        trx,
      );
    });
  }
}
