import type { Caravan, CaravanInvite, PendingInvite } from '@caravanserai/api';
import type { CaravanAccess } from '../../access/caravan-access.js';
import { now } from '../../db/columns.js';
import type { CaravanMemberRow, Executor, UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { Conflict, Forbidden, fieldError, NotFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import type { UsersRepository } from '../auth/users.repository.js';
import type { AuditRepository } from './audit.repository.js';
import type { CaravansRepository } from './caravans.repository.js';
import type { CaravansService } from './caravans.service.js';
import type { InvitesRepository } from './invites.repository.js';

const LAST_LEADER = 'A caravan needs a leader: make another member a leader first.';
const INVITE_NOT_FOUND = 'Invite not found.';
const MEMBER_NOT_FOUND = 'Member not found.';

/** Who is in a caravan: invites (accepted or declined by the invitee), leaving, removal and roles. */
export class MembersService {
  constructor(
    private readonly db: Db,
    private readonly caravans: CaravansRepository,
    private readonly invites: InvitesRepository,
    private readonly audit: AuditRepository,
    private readonly users: UsersRepository,
    private readonly seats: CaravanAccess,
    private readonly caravanViews: CaravansService,
  ) {}

  async invite(user: UserRow, caravanId: string, username: string): Promise<CaravanInvite> {
    await this.seats.leader(user, caravanId);
    const invitee = await this.users.findByUsername(username);
    if (!invitee || invitee.is_system) throw fieldError('username', `User "${username}" does not exist.`);
    if (await this.caravans.membership(caravanId, invitee.id))
      throw Conflict(`${invitee.username} is already in this caravan.`);
    if (await this.invites.pendingFor(caravanId, invitee.id))
      throw Conflict(`${invitee.username} is already invited to this caravan.`);
    const inviteId = newId();
    try {
      await this.inTransaction(async (trx, at) => {
        await this.invites.insert(
          {
            invite_id: inviteId,
            caravan_id: caravanId,
            user_id: invitee.id,
            invited_by: user.id,
            created_at: at,
          },
          trx,
        );
        await this.log(trx, at, caravanId, user.username, 'member.invite', invitee.username);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw Conflict(`${invitee.username} is already invited to this caravan.`);
      throw error;
    }
    return { invite_id: inviteId, caravan_id: caravanId, username: invitee.username };
  }

  pending(user: UserRow): Promise<PendingInvite[]> {
    return this.invites.mine(user.id);
  }

  /** The invitee joins as a member; to anyone else the invite does not exist. */
  async accept(user: UserRow, inviteId: string): Promise<Caravan> {
    const invite = await this.invites.find(inviteId);
    if (!invite || invite.user_id !== user.id) throw NotFound(INVITE_NOT_FOUND);
    await this.inTransaction(async (trx, at) => {
      await this.invites.delete(inviteId, trx);
      if (!(await this.caravans.membership(invite.caravan_id, user.id, trx))) {
        await this.caravans.addMember(
          { caravan_id: invite.caravan_id, user_id: user.id, role: 'member', joined_at: at },
          trx,
        );
        await this.log(trx, at, invite.caravan_id, user.username, 'member.join', user.username);
      }
    });
    return this.caravanViews.detail(user, invite.caravan_id);
  }

  async decline(user: UserRow, inviteId: string): Promise<void> {
    const invite = await this.invites.find(inviteId);
    if (!invite || invite.user_id !== user.id) throw NotFound(INVITE_NOT_FOUND);
    await this.inTransaction(async (trx, at) => {
      await this.invites.delete(inviteId, trx);
      await this.log(trx, at, invite.caravan_id, user.username, 'invite.decline', user.username);
    });
  }

  /** A leader removes anyone; a member only themself. The last leader cannot leave (409). */
  async remove(user: UserRow, caravanId: string, username: string): Promise<void> {
    const seat = await this.seats.member(user, caravanId);
    const self = username.toLowerCase() === user.username.toLowerCase();
    if (!self && seat.membership.role !== 'leader')
      throw Forbidden('Only a leader of this caravan can do this.');
    const target = await this.memberNamed(caravanId, username);
    await this.inTransaction(async (trx, at) => {
      await this.caravans.lock(caravanId, at, trx);
      if (target.role === 'leader') await this.keepALeader(caravanId, trx);
      await this.caravans.removeMember(caravanId, target.user_id, trx);
      await this.log(
        trx,
        at,
        caravanId,
        user.username,
        self ? 'member.leave' : 'member.remove',
        target.username,
      );
    });
  }

  async setRole(
    user: UserRow,
    caravanId: string,
    username: string,
    role: CaravanMemberRow['role'],
  ): Promise<Caravan> {
    await this.seats.leader(user, caravanId);
    const target = await this.memberNamed(caravanId, username);
    if (target.role !== role) {
      await this.inTransaction(async (trx, at) => {
        await this.caravans.lock(caravanId, at, trx);
        if (role === 'member') await this.keepALeader(caravanId, trx);
        await this.caravans.setRole(caravanId, target.user_id, role, trx);
        await this.log(
          trx,
          at,
          caravanId,
          user.username,
          'member.role',
          target.username,
          `${target.role} -> ${role}`,
        );
      });
    }
    return this.caravanViews.detail(user, caravanId);
  }

  private async memberNamed(caravanId: string, username: string) {
    const members = await this.caravans.members(caravanId);
    const target = members.find((m) => m.username.toLowerCase() === username.toLowerCase());
    if (!target) throw NotFound(MEMBER_NOT_FOUND);
    return target;
  }

  /** Called before a leader steps down or leaves: someone else must still lead. */
  private async keepALeader(caravanId: string, trx: Executor): Promise<void> {
    const leaders = (await this.caravans.members(caravanId, trx)).filter((m) => m.role === 'leader');
    if (leaders.length <= 1) throw Conflict(LAST_LEADER);
  }

  private inTransaction(work: (trx: Executor, at: number) => Promise<void>): Promise<void> {
    const at = now();
    return this.db.kysely.transaction().execute((trx) => work(trx, at));
  }

  private log(
    trx: Executor,
    at: number,
    caravanId: string,
    actor: string,
    action: string,
    target: string,
    detail = '',
  ) {
    return this.audit.record({ caravanId, actor, action, target, detail }, at, trx);
  }
}
