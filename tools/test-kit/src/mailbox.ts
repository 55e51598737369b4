import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

/** A mail the mailbox received, as mailparser read it, with its envelope's recipients. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  from: string;
  parsed: ParsedMail;
}

export interface Mailbox {
  /** The SMTP_URL that reaches it, e.g. smtp://127.0.0.1:41234 */
  url: string;
  /** Every mail received so far, oldest first. */
  readonly mails: readonly ReceivedMail[];
  /** The mails sent to `address` so far. */
  to(address: string): ReceivedMail[];
  /** Waits for the next mail to `address` after the `seen` first ones (at most `timeoutMs`). */
  next(address: string, seen?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on loopback that keeps every mail it is given, parsed by
 * mailparser: what the server sends through SMTP_URL is read here as a mail client would read it.
 * Plain SMTP without authentication, as a local relay would take it.
 */
export async function startMailbox(): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            from: parsed.from?.text ?? '',
            parsed,
          });
          for (const wake of waiting) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const to = (address: string) => mails.filter((mail) => mail.to.includes(address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to,
    next(address, seen = 0, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = to(address)[seen];
          if (!mail) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms (${to(address).length} before)`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/**
 * A mailbox for a test file: started in beforeAll (register it before `useServer`, whose config
 * function can then read `mailbox.url`), closed in afterAll.
 */
export function useMailbox(): Mailbox {
  let mailbox: Mailbox | undefined;
  const ready = () => {
    if (!mailbox) throw new Error('useMailbox: the mailbox is not started; read it in tests or hooks');
    return mailbox;
  };
  beforeAll(async () => {
    mailbox = await startMailbox();
  });
  afterAll(async () => {
    await mailbox?.close();
  });
  return {
    get url() {
      return ready().url;
    },
    get mails() {
      return ready().mails;
    },
    to: (address) => ready().to(address),
    next: (address, seen, timeoutMs) => ready().next(address, seen, timeoutMs),
    close: () => ready().close(),
  };
}
