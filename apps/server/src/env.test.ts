import { describe, expect, it } from 'vitest';
import { parseEnv, withoutPassword } from './env.js';
import { refusalOf as refusal } from './env-refusal.test-helper.js';

describe('a refusal never repeats a secret', () => {
  it('names SECRET_KEY without its value', () => {
    const message = refusal({ SECRET_KEY: 'myshortsecret' });
    expect(message).toContain('SECRET_KEY=(hidden) must be at least 16 characters');
    expect(message).not.toContain('myshortsecret');
  });

  it('shows DATABASE_URL with its password masked', () => {
    const message = refusal({ DATABASE_URL: 'mysql://admin:hunter2pass@db/x' });
    expect(message).toContain('DATABASE_URL="mysql://admin:***@db/x" must be a postgres:// URL');
    expect(message).not.toContain('hunter2pass');
  });

  it('hides a DATABASE_URL whose password it cannot find', () => {
    for (const value of [
      'host=db user=admin password=hunter2pass',
      'admin:hunter2pass@db/x',
      'mysql:/admin:hunter2pass@db/x',
      'mysql://admin:1234/hunter2pass@db/x',
      'mysql://admin:hunter2pass@db:port/x',
    ]) {
      const message = refusal({ DATABASE_URL: value });
      expect(message, value).toContain('DATABASE_URL=(hidden) must be a postgres:// URL');
      expect(message, value).not.toContain('hunter2pass');
    }
  });
});

describe('withoutPassword', () => {
  it('masks the password and password-like query parameters, keeping the rest', () => {
    expect(withoutPassword('redis://:s3cret@cache:6379/0')).toBe('redis://:***@cache:6379/0');
    expect(withoutPassword('postgres://app@db/x?sslmode=require&password=s3cret')).toBe(
      'postgres://app@db/x?sslmode=require&password=***',
    );
    expect(withoutPassword('HTTPS://user@Host?x')).toBe('HTTPS://user@Host?x');
  });

  it('gives nothing for what it cannot read as a URL with a host', () => {
    expect(withoutPassword('not a url')).toBeNull();
    expect(withoutPassword('user:s3cret@db')).toBeNull();
  });
});

describe('seconds settings', () => {
  const WAITS = [
    'QUERY_TIMEOUT_SECONDS',
    'SHUTDOWN_TIMEOUT_SECONDS',
    'REQUEST_TIMEOUT_SECONDS',
    'CONNECTION_TIMEOUT_SECONDS',
    'KEEP_ALIVE_TIMEOUT_SECONDS',
  ] as const;

  it('take a wait from a millisecond to a day', () => {
    for (const name of WAITS) {
      expect(parseEnv({ [name]: '86400' })[name], name).toBe(86_400);
      expect(parseEnv({ [name]: '0.001' })[name], name).toBe(0.001);
    }
  });

  it('refuse a wait past a day (Node would fire it at once) or one rounding to 0 ms, naming the range', () => {
    for (const name of WAITS) {
      for (const value of ['86401', '2592000', '0.0004', '0']) {
        expect(refusal({ [name]: value }), `${name}=${value}`).toContain(
          `${name}="${value}" must be a number of seconds from 0.001 to 86400`,
        );
      }
    }
  });

  it('keep 0 for SHUTDOWN_GRACE_SECONDS: no grace', () => {
    expect(parseEnv({ SHUTDOWN_GRACE_SECONDS: '0' }).SHUTDOWN_GRACE_SECONDS).toBe(0);
    expect(parseEnv({ SHUTDOWN_GRACE_SECONDS: '86400' }).SHUTDOWN_GRACE_SECONDS).toBe(86_400);
    for (const value of ['86401', '-1'])
      expect(refusal({ SHUTDOWN_GRACE_SECONDS: value })).toContain(
        `SHUTDOWN_GRACE_SECONDS="${value}" must be a number of seconds from 0 to 86400`,
      );
  });
});

describe('PUBLIC_ORIGIN', () => {
  it('takes an http(s) origin, with a port or a closing slash', () => {
    for (const origin of [
      'https://logbooks.example.org',
      'https://logbooks.example.org/',
      'http://127.0.0.1:8000',
      'http://[::1]:8000/',
    ])
      expect(parseEnv({ PUBLIC_ORIGIN: ` ${origin} ` }).PUBLIC_ORIGIN).toBe(origin);
  });

  it('refuses anything but an origin, naming the setting', () => {
    for (const value of [
      'logbooks.example.org',
      'ftp://logbooks.example.org',
      'https://host:99999',
      'https://host:0',
      'https://host:port',
      'https://user@host',
      'https://host/logbooks',
      'https://host//',
      'https://host?x',
      'https://host?',
      'https://host#top',
      'https://host/#',
    ])
      expect(refusal({ PUBLIC_ORIGIN: value }), value).toContain(
        `PUBLIC_ORIGIN="${value}" must be an origin such as https://logbooks.example.org`,
      );
  });

  it('never repeats a password written into it', () => {
    const message = refusal({ PUBLIC_ORIGIN: 'https://user:hunter2pass@host' });
    expect(message).toContain('PUBLIC_ORIGIN="https://user:***@host/" must be an origin');
    expect(message).not.toContain('hunter2pass');
  });
});
