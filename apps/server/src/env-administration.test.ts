import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.js';
import { refusalOf as refusal } from './env-refusal.test-helper.js';

/** The settings of administration, registration and mail (DESIGN 11), as the environment gives them. */
describe('ADMIN_USERNAMES, REGISTRATION, SMTP_URL and MAIL_FROM', () => {
  it('are read as given, an empty value counting as unset', () => {
    const env = parseEnv({
      ADMIN_USERNAMES: ' amina, Vizier ,,',
      REGISTRATION: 'invite',
      SMTP_URL: 'smtps://user:pass@mail.example.org:465',
      MAIL_FROM: 'Caravanserai <noreply@example.org>',
    });
    expect(env).toMatchObject({
      ADMIN_USERNAMES: ['amina', 'Vizier'],
      REGISTRATION: 'invite',
      SMTP_URL: 'smtps://user:pass@mail.example.org:465',
      MAIL_FROM: 'Caravanserai <noreply@example.org>',
    });
    expect(parseEnv({ ADMIN_USERNAMES: '', REGISTRATION: '', SMTP_URL: '', MAIL_FROM: '' })).toMatchObject({
      ADMIN_USERNAMES: undefined,
      REGISTRATION: undefined,
      SMTP_URL: undefined,
      MAIL_FROM: undefined,
    });
    expect(parseEnv({ MAIL_FROM: 'noreply@example.org' }).MAIL_FROM).toBe('noreply@example.org');
  });

  it('refuse values they cannot use, naming the setting', () => {
    expect(refusal({ REGISTRATION: 'invitation' })).toContain(
      'REGISTRATION="invitation" must be open, invite or closed',
    );
    expect(refusal({ ADMIN_USERNAMES: 'amina, bad name' })).toContain('ADMIN_USERNAMES');
    expect(refusal({ MAIL_FROM: 'noreply@example.org\r\nBcc: all@example.org' })).toContain('MAIL_FROM');
    expect(refusal({ MAIL_FROM: 'no address' })).toContain('MAIL_FROM');
  });

  it('never repeat the SMTP URL, which holds a password', () => {
    const message = (() => {
      try {
        parseEnv({ SMTP_URL: 'http://user:hunter2@mail.example.org' });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message).toContain('SMTP_URL=(hidden) must be an smtp:// or smtps:// URL');
    expect(message).not.toContain('hunter2');
  });
});
