import { z } from 'zod';
import { Id, IsoDate, WholeNumber } from './common.js';
import { Line } from './text.js';

/** Instance administration (DESIGN 11): the users of this server and invite links to it. */

/** How people may create accounts on this server (REGISTRATION). */
export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
export const RegistrationMode = z.enum(REGISTRATION_MODES);
export type RegistrationMode = z.infer<typeof RegistrationMode>;

/** The most users one page of the administrators' list holds. */
export const MAX_ADMIN_PAGE = 200;

/** `GET /admin/users/`: a part of a username or an e-mail address, and the page. */
export const AdminUsersQuery = z.object({
  q: Line().max(254, 'Ensure this field has no more than 254 characters.').optional(),
  limit: WholeNumber(1, MAX_ADMIN_PAGE).default(50),
  offset: WholeNumber(0, 1_000_000).default(0),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuery>;

/** A user as the administrators see them: never a password, a token or a logbook. */
export const AdminUser = z.object({
  username: z.string(),
  email: z.string(),
  /** The subscription tier. */
  role: z.string(),
  created: IsoDate,
  /** The last request with one of their tokens or keys, to the minute; null while never seen. */
  last_seen: IsoDate.nullable(),
  logbook_count: z.number().int(),
  /** An administrator (ADMIN_USERNAMES). */
  is_admin: z.boolean(),
  /** A disabled user's tokens and keys are refused; their data is kept. */
  disabled: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** One page of users, by username, and how many match in all. */
export const AdminUserList = z.object({ count: z.number().int(), results: z.array(AdminUser) });
export type AdminUserList = z.infer<typeof AdminUserList>;

export const AdminUserUpdate = z.object({ disabled: z.boolean({ error: 'Must be true or false.' }) });
export type AdminUserUpdate = z.infer<typeof AdminUserUpdate>;

/** The longest an invite link may be set to last, in days. */
export const MAX_INVITE_DAYS = 90;
/** How long an invite link lasts unless told. */
export const DEFAULT_INVITE_DAYS = 7;

const daysError = `Enter a whole number of days between 1 and ${MAX_INVITE_DAYS}.`;

/**
 * `POST /admin/invites/`: an administrator makes a link for anyone; a caravan's leader, for their
 * caravan only (`caravan`), and whoever registers with it joins that caravan as a member.
 */
export const InviteCreate = z.object({
  caravan: Id.nullable().optional(),
  expires_in_days: z
    .number({ error: daysError })
    .int(daysError)
    .min(1, daysError)
    .max(MAX_INVITE_DAYS, daysError)
    .optional(),
});
export type InviteCreate = z.input<typeof InviteCreate>;

/** An invite link: shown once (stored hashed), good for one registration until `expires`. */
export const Invite = z.object({
  code: z.string(),
  /** The sign-up page with the code in it. */
  url: z.string(),
  expires: IsoDate,
  /** The caravan whoever registers with it joins; null for none. */
  caravan: z.object({ caravan_id: Id, name: z.string() }).nullable(),
});
export type Invite = z.infer<typeof Invite>;

/** An invite code as it may arrive: letters and digits, never more than a code's length. */
export const InviteCode = Line()
  .min(1, 'This field may not be blank.')
  .max(64, 'This invite link is not valid.')
  .regex(/^[A-Za-z0-9_-]+$/, 'This invite link is not valid.');
