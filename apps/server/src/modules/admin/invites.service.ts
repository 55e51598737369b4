import { randomBytes } from 'node:crypto';
import { DEFAULT_INVITE_DAYS, type Invite, type InviteCreate } from '@caravanserai/api';
import type { z } from 'zod';
import type { CaravanAccess } from '../../access/caravan-access.js';
import { iso, now } from '../../db/columns.js';
import type { Executor, UserRow } from '../../db/database.js';
import { Forbidden, fieldError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { hashToken } from '../auth/token.js';
import type { AuditRepository } from '../caravans/audit.repository.js';
import type { CaravansRepository } from '../caravans/caravans.repository.js';
import { DAY_MS } from '../usage/usage.repository.js';
import type { Administrators } from './administrators.js';
import type { InviteRow, RegistrationInvitesRepository } from './invites.repository.js';

type CreateInput = z.output<typeof InviteCreate>;

export const INVITE_INVALID =
  'This invite link is not valid: it has expired or has already been used. Ask for a new one.';
const LEADERS_NAME_A_CARAVAN =
  'Only an administrator of this server can make an invite link without a caravan; a caravan leader names their caravan.';

/** Where an invite's code is put in the sign-up page's address. */
export const signupUrl = (origin: string, code: string) =>
  `${origin}/signup/?invite=${encodeURIComponent(code)}`;

/**
 * Invite links (DESIGN 11): made by administrators, and by a caravan's leaders for their caravan;
 * each admits one registration before it expires, and a caravan's makes the new user a member.
 */
export class InvitesService {
  constructor(
    private readonly db: Executor,
    private readonly invites: RegistrationInvitesRepository,
    private readonly admins: Administrators,
    private readonly seats: CaravanAccess,
    private readonly caravans: CaravansRepository,
    private readonly audit: AuditRepository,
  ) {}

  async create(user: UserRow, input: CreateInput, origin: string): Promise<Invite> {
    const caravanId = input.caravan ?? null;
    // A caravan's link is its leaders' to make (an administrator leads none by being one).
    const seat = caravanId === null ? null : await this.seats.leader(user, caravanId);
    if (!seat && !this.admins.is(user)) throw Forbidden(LEADERS_NAME_A_CARAVAN);
    const code = randomBytes(24).toString('base64url');
    const at = now();
    const expiresAt = at + (input.expires_in_days ?? DEFAULT_INVITE_DAYS) * DAY_MS;
    await this.invites.insert({
      invite_id: newId(),
      code_hash: hashToken(code),
      created_by: user.id,
      caravan_id: caravanId,
      created_at: at,
      expires_at: expiresAt,
      used_at: null,
      used_by: null,
    });
    return {
      code,
      url: signupUrl(origin, code),
      expires: iso(expiresAt),
      caravan: seat ? { caravan_id: seat.caravan.caravan_id, name: seat.caravan.name } : null,
    };
  }

  /** The invite with this code when it can still admit someone; a 400 on `invite` otherwise. */
  async usable(code: string, db: Executor = this.db): Promise<InviteRow> {
    const invite = await this.invites.find(hashToken(code), db);
    if (!invite || invite.used_at !== null || invite.expires_at <= now())
      throw fieldError('invite', INVITE_INVALID);
    return invite;
  }

  /**
   * Uses up the invite for the user just registered, in the registration's transaction: a second
   * registration with the same code, even at the same moment, is refused and leaves no account.
   */
  async redeem(code: string, user: UserRow, db: Executor): Promise<void> {
    const invite = await this.usable(code, db);
    const at = now();
    if (!(await this.invites.use(invite.invite_id, user.id, at, db)))
      throw fieldError('invite', INVITE_INVALID);
    if (invite.caravan_id === null || !(await this.caravans.find(invite.caravan_id, db))) return;
    await this.caravans.addMember(
      { caravan_id: invite.caravan_id, user_id: user.id, role: 'member', joined_at: at },
      db,
    );
    await this.audit.record(
      {
        caravanId: invite.caravan_id,
        actor: user.username,
        action: 'member.join',
        target: user.username,
        detail: 'invite link',
      },
      at,
      db,
    );
  }
}
