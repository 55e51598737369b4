import { createTransport } from 'nodemailer';

/** A plain-text mail to one address. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends the server's mail; made only when SMTP_URL is set. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Mail through SMTP_URL with nodemailer: `smtps://` speaks TLS from the start, `smtp://` upgrades
 * with STARTTLS when the server offers it; user and password in the URL, nodemailer's options in
 * its query (e.g. `?requireTLS=true`).
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl, { from });
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ to, subject, text });
    },
    close() {
      transport.close();
    },
  };
}
