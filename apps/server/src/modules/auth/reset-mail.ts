import type { MailMessage } from './mailer.js';

/** The address of the page that sets a new password from a mailed link. */
export const resetUrl = (origin: string, uid: string, token: string) =>
  `${origin}/password/reset/confirm/?uid=${encodeURIComponent(uid)}&token=${encodeURIComponent(token)}`;

/** The mail carrying a reset link: plain text, saying what it is for and what to do if unasked. */
export function resetMail(to: string, username: string, origin: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Caravanserai password',
    text: [
      `Someone asked to reset the password of the Caravanserai account "${username}" at ${origin}.`,
      '',
      'To choose a new password, open this link (it works once, within an hour):',
      '',
      link,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
      '',
    ].join('\n'),
  };
}
