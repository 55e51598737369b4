import { z } from 'zod';
import { Line } from './text.js';

/** Password reset by e-mail (DESIGN 11). */

/** How long a mailed reset link works. */
export const PASSWORD_RESET_HOURS = 1;

export const PasswordResetRequest = z.object({
  email: z.string().trim().max(254).email('Enter a valid email address.'),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** Passwords keep their spaces (no trimming) but, like every field, refuse control characters. */
const NewPassword = Line({ trim: false }).min(1, 'This field may not be blank.').max(4096);

/** The two halves of the mailed link and the new password, twice. */
export const PasswordResetConfirm = z.object({
  uid: Line().min(1, 'This field may not be blank.').max(64, 'Invalid value'),
  token: Line().min(1, 'This field may not be blank.').max(128, 'Invalid value'),
  new_password1: NewPassword,
  new_password2: NewPassword,
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirm>;
