import { z } from 'zod';
import { InviteCode } from './admin.js';
import { Instructions } from './common.js';
import { Line } from './text.js';

/** Django's username characters: letters, digits and @ . + - _ (ASCII only, so no controls). */
export const USERNAME = /^[\w.@+-]+$/;

/** A username as it stands in a path (/u/{username}/): one that could exist, or nothing. */
export const UsernameInPath = z.string().max(150).regex(USERNAME);

/** Passwords keep their spaces (no trimming) but, like every field, refuse control characters. */
const Password = Line({ trim: false }).min(1, 'This field may not be blank.').max(4096);

export const Registration = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(150, 'Ensure this field has no more than 150 characters.')
    .regex(
      USERNAME,
      'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
    ),
  email: z
    .union([z.literal(''), z.string().trim().max(254).email('Enter a valid email address.')])
    .optional(),
  password1: Password,
  password2: Password,
  /** The code of an invite link: needed while REGISTRATION is invite, used up by this registration. */
  invite: InviteCode.optional(),
});
export type Registration = z.infer<typeof Registration>;

export const Login = z.object({
  username: Line().min(1, 'This field may not be blank.').max(150),
  password: Password,
});
export type Login = z.infer<typeof Login>;

export const TokenResponse = z.object({ key: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const CurrentUser = z.object({
  pk: z.number(),
  username: z.string(),
  email: z.string(),
  /** Sent with every question, in every logbook (DESIGN 12); '' for none. */
  instructions: z.string(),
  /** New logbooks start with memory on. */
  memory_default: z.boolean(),
  /** A logbook titled 'Default' is named after its first answer. */
  auto_titles: z.boolean(),
  /** An administrator of this server (ADMIN_USERNAMES); `role` stays the subscription tier. */
  is_admin: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const UserUpdate = z.object({
  email: z
    .union([z.literal(''), z.string().trim().max(254).email('Enter a valid email address.')])
    .optional(),
  location: Line().max(100, 'Ensure this field has no more than 100 characters.').optional(),
  instructions: Instructions.optional(),
  memory_default: z.boolean().optional(),
  auto_titles: z.boolean().optional(),
});
export type UserUpdate = z.infer<typeof UserUpdate>;

export const PublicProfile = z.object({
  username: z.string(),
  role: z.string(),
  location: z.string(),
  anon_view: z.boolean(),
  stripe_customer_id: z.string().nullable().optional(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;
