import { randomBytes } from 'node:crypto';
import { PASSWORD_RESET_HOURS, type PasswordResetConfirm } from '@caravanserai/api';
import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { HttpError, ValidationFailed } from '../../errors.js';
import type { Mailer } from './mailer.js';
import { hashPassword } from './password.js';
import type { PasswordResetsRepository } from './password-resets.repository.js';
import { passwordProblems } from './password-rules.js';
import { resetMail, resetUrl } from './reset-mail.js';
import { hashToken } from './token.js';
import type { TokensRepository } from './tokens.repository.js';
import type { UsersRepository } from './users.repository.js';

const LINK_MS = PASSWORD_RESET_HOURS * 60 * 60 * 1000;

export const RESET_SENT =
  'If an account uses this address, a link to reset its password has been mailed to it.';
export const RESET_DONE = 'Password has been reset with the new password.';
export const RESET_UNAVAILABLE =
  'Password reset is not available on this server: it is not set up to send e-mail. Ask its administrators.';
export const RESET_LINK_INVALID =
  'This password reset link has expired or has already been used. Ask for a new one.';

const NotConfigured = () => new HttpError(503, 'not_configured', RESET_UNAVAILABLE);
const LinkInvalid = () => ValidationFailed({ token: [RESET_LINK_INVALID] });

/** The `uid` of a link: the user's id, as Django writes it (URL-safe base64 of its digits). */
export const uidOf = (userId: number) => Buffer.from(String(userId)).toString('base64url');

function userIdOf(uid: string): number | null {
  const digits = Buffer.from(uid, 'base64url').toString('latin1');
  return /^[1-9]\d{0,15}$/.test(digits) ? Number(digits) : null;
}

/**
 * Password reset by e-mail (DESIGN 11). Asking answers at once and the same way whether or not the
 * address is known: the links are made and mailed after the answer. A link is a random token,
 * stored hashed, good once within the hour; setting the password with it ends every sign-in token
 * of the user and every other link of theirs.
 */
export class PasswordResetService {
  /** Mailings still under way, so tests and shutdown can wait for them. */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly tokens: TokensRepository,
    private readonly mailer: Mailer | null,
    private readonly onMailError: (error: unknown) => void,
  ) {}

  /** Starts mailing a link to each account with this address; returns before anything is looked up. */
  request(email: string, origin: string): string {
    const mailer = this.mailer;
    if (!mailer) throw NotConfigured();
    const mailing: Promise<void> = this.mailLinks(mailer, email, origin)
      .catch(this.onMailError)
      .finally(() => this.sending.delete(mailing));
    this.sending.add(mailing);
    return RESET_SENT;
  }

  async confirm(input: PasswordResetConfirm): Promise<string> {
    const tokenHash = hashToken(input.token);
    const user = await this.linkOwner(input.uid, tokenHash);
    if (input.new_password1 !== input.new_password2)
      throw ValidationFailed({ new_password2: ["The two password fields didn't match."] });
    const problems = await passwordProblems(input.new_password1, user);
    if (problems.length > 0) throw ValidationFailed({ new_password2: problems });
    const passwordHash = await hashPassword(input.new_password1);
    await this.db.kysely.transaction().execute(async (trx) => {
      const at = now();
      // Another request with the same link may have got here first: only one sets a password.
      if (!(await this.resets.use(tokenHash, at, trx))) throw LinkInvalid();
      await this.users.setPassword(user.id, passwordHash, trx);
      await this.resets.useAllOf(user.id, at, trx);
      await this.tokens.deleteAllOf(user.id, trx);
    });
    return RESET_DONE;
  }

  /** Waits for the mailings under way. */
  async settled(): Promise<void> {
    await Promise.all(this.sending);
  }

  /** Lets the mailings under way finish (their links are written to the database), then closes. */
  async close(): Promise<void> {
    await this.settled();
    this.mailer?.close();
  }

  /** The user a link belongs to, while it can still be used; a 400 in words otherwise. */
  private async linkOwner(uid: string, tokenHash: string): Promise<UserRow> {
    const userId = userIdOf(uid);
    const link = userId === null ? undefined : await this.resets.find(tokenHash);
    if (!link || link.user_id !== userId || link.used_at !== null || link.expires_at <= now())
      throw LinkInvalid();
    const user = await this.users.findById(link.user_id);
    if (!user || user.is_system || user.disabled_at !== null) throw LinkInvalid();
    return user;
  }

  private async mailLinks(mailer: Mailer, email: string, origin: string): Promise<void> {
    for (const user of await this.users.findByEmail(email)) {
      // A disabled account gets no way back in through its mailbox.
      if (user.disabled_at !== null || !user.email) continue;
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await this.resets.deleteSpent(user.id, at);
      await this.resets.insert({
        token_hash: hashToken(token),
        user_id: user.id,
        created_at: at,
        expires_at: at + LINK_MS,
        used_at: null,
      });
      await mailer.send(
        resetMail(user.email, user.username, origin, resetUrl(origin, uidOf(user.id), token)),
      );
    }
  }
}
