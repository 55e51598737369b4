import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from './config.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'caravanserai-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Payments on with every setting they need. */
const PAYMENTS_ON = {
  PAYMENTS_ENABLED: 'true',
  STRIPE_SECRET_KEY: 'sk_test_secret123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  STRIPE_PRICE_MERCHANT_MONTH: 'price_mm',
  STRIPE_PRICE_MERCHANT_YEAR: 'price_my',
  STRIPE_PRICE_SULTAN_MONTH: 'price_sm',
  STRIPE_PRICE_SULTAN_YEAR: 'price_sy',
};

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.port).toBe(8000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.apiPrefix).toBe('/api');
    expect(config.databaseUrl).toBeNull();
    expect(config.paymentsEnabled).toBe(false);
    expect(config.supportEmail).toBe('support@caravanserai.local');
    expect(config.stripePublishableKey).toBeNull();
    expect(config.bodyLimit).toBe(5 * 1024 * 1024);
  });

  it('generates the secret once and keeps it private to the owner', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).secretKey;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dataDir }).secretKey).toBe(first);
    expect(readFileSync(join(dataDir, 'secret.key'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
  });

  it('creates DATA_DIR, and the folders missing above it, readable by its owner only', () => {
    const parent = join(tempDir(), 'srv');
    const dataDir = join(parent, 'data');
    loadConfig({ DATA_DIR: dataDir });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(parent).mode & 0o777).toBe(0o700);
  });

  it('keeps DATA_DIR in data/ of the repository by default; a relative one is from the working directory', () => {
    const dataDir = (value?: string) =>
      loadConfig({ SECRET_KEY: 'given-secret-0123456789', DATA_DIR: value }).dataDir;
    expect(existsSync(join(repoRoot, 'README.md'))).toBe(true);
    expect(dataDir()).toBe(join(repoRoot, 'data'));
    expect(dataDir('srv/data')).toBe(resolve('srv/data'));
  });

  it('prefers SECRET_KEY, reads PostgreSQL URLs and allowed hosts', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SECRET_KEY: 'given-secret-0123456789',
      DATABASE_URL: 'postgres://u@db:5432/x',
      WELL_ALLOWED_HOSTS: ' 127.0.0.1:11434, Ollama.local ',
      API_PREFIX: 'v1/',
      SUPPORT_EMAIL: 'help@example.org',
      ...PAYMENTS_ON,
    });
    expect(config.secretKey).toBe('given-secret-0123456789');
    expect(config.databaseUrl).toBe('postgres://u@db:5432/x');
    expect(config.wellAllowedHosts).toEqual(['127.0.0.1:11434', 'ollama.local']);
    expect(config.apiPrefix).toBe('/v1');
    expect(config.paymentsEnabled).toBe(true);
    expect(config.supportEmail).toBe('help@example.org');
    expect(config.stripePublishableKey).toBe('pk_test_123');
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_secret123',
      webhookSecret: 'whsec_abc123',
      apiBase: null,
      prices: {
        Merchant: { month: 'price_mm', year: 'price_my' },
        Sultan: { month: 'price_sm', year: 'price_sy' },
      },
    });
  });

  it('needs SECRET_KEY beside DATABASE_URL: replicas share no disk to keep a generated one', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u@db:5432/x' })).toThrow(
      'SECRET_KEY must be set when DATABASE_URL is: every server process on the database must share it to open the stored API keys',
    );
    // Nothing was generated into the data directory on the way.
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(false);
  });

  it('reads PG_POOL_SIZE, 10 unless given', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).pgPoolSize).toBe(10);
    expect(loadConfig({ DATA_DIR: tempDir(), PG_POOL_SIZE: '25' }).pgPoolSize).toBe(25);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PG_POOL_SIZE: '0' })).toThrow(/PG_POOL_SIZE/);
  });

  it('reads IMPORT_CONCURRENCY, 2 unless given', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).importConcurrency).toBe(2);
    expect(loadConfig({ DATA_DIR: tempDir(), IMPORT_CONCURRENCY: '4' }).importConcurrency).toBe(4);
    expect(() => loadConfig({ DATA_DIR: tempDir(), IMPORT_CONCURRENCY: '0' })).toThrow(/IMPORT_CONCURRENCY/);
  });

  it('reads REDIS_URL as redis:// or rediss://, unset unless given, and never repeats it in a refusal', () => {
    const redis = (value?: string) => loadConfig({ DATA_DIR: tempDir(), REDIS_URL: value }).redisUrl;
    expect(redis()).toBeNull();
    expect(redis('')).toBeNull();
    expect(loadConfig({ DATA_DIR: tempDir() }).redisPrefix).toBe('caravanserai:');
    for (const good of [
      'redis://127.0.0.1:6379',
      'redis://cache',
      'redis://:s3cret@cache.internal:6380/2',
      'rediss://user:s3cret@cache.example.org',
    ])
      expect(redis(` ${good} `)).toBe(good);
    for (const bad of [
      'http://127.0.0.1:6379',
      '127.0.0.1:6379',
      'redis://',
      'redis://cache/zero',
      'redis://:s3cret@cache:port',
    ]) {
      expect(() => redis(bad), bad).toThrow(/REDIS_URL=\(hidden\) must be a redis:\/\/ or rediss:\/\/ URL/);
      expect(() => redis(bad)).not.toThrow(/s3cret/);
    }
  });

  it('has no Stripe settings with payments off, whatever is set', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), ...PAYMENTS_ON, PAYMENTS_ENABLED: 'false' });
    expect(config.stripe).toBeNull();
  });

  it('reads STRIPE_API_BASE as the host, port and protocol the SDK takes', () => {
    const at = (base: string) =>
      loadConfig({ DATA_DIR: tempDir(), ...PAYMENTS_ON, STRIPE_API_BASE: base }).stripe;
    expect(at('http://127.0.0.1:12111')?.apiBase).toEqual({
      protocol: 'http',
      host: '127.0.0.1',
      port: 12111,
    });
    expect(at('https://stripe.test/')?.apiBase).toEqual({
      protocol: 'https',
      host: 'stripe.test',
      port: 443,
    });
    expect(() => at('http://127.0.0.1:12111/v1')).toThrow(/STRIPE_API_BASE=.*(no path)/);
  });

  it('refuses to start with payments on and a payment setting missing, naming each', () => {
    for (const name of Object.keys(PAYMENTS_ON).filter((n) => n !== 'PAYMENTS_ENABLED')) {
      const env = { DATA_DIR: tempDir(), ...PAYMENTS_ON, [name]: '' };
      expect(() => loadConfig(env), name).toThrow(
        new RegExp(`${name}="" must be set when PAYMENTS_ENABLED is true`),
      );
    }
    expect(() => loadConfig({ DATA_DIR: tempDir(), PAYMENTS_ENABLED: 'true' })).toThrow(
      /STRIPE_SECRET_KEY=.*\n.*STRIPE_PUBLISHABLE_KEY=.*\n.*STRIPE_WEBHOOK_SECRET=/s,
    );
  });

  it('never repeats a Stripe secret in a refusal', () => {
    const refuse = (name: string, value: string) => {
      try {
        loadConfig({ DATA_DIR: tempDir(), ...PAYMENTS_ON, [name]: value });
      } catch (error) {
        return String(error);
      }
      throw new Error(`${name}=${value} was accepted`);
    };
    const secret = refuse('STRIPE_SECRET_KEY', 'pk_live_oops-wrong-box');
    expect(secret).toMatch(/STRIPE_SECRET_KEY=\(hidden\) must be a Stripe secret key/);
    expect(secret).not.toContain('oops');
    expect(refuse('STRIPE_WEBHOOK_SECRET', 'sk_live_notahook')).not.toContain('notahook');
    expect(refuse('STRIPE_PRICE_SULTAN_YEAR', 'prod_1')).toMatch(
      /STRIPE_PRICE_SULTAN_YEAR="prod_1" must be a Stripe price id/,
    );
  });

  it('reads TOKEN_TTL_DAYS, 30 days when unset', () => {
    const day = 24 * 60 * 60 * 1000;
    const ttl = (value?: string) => loadConfig({ DATA_DIR: tempDir(), TOKEN_TTL_DAYS: value }).tokenTtlMs;
    expect(ttl()).toBe(30 * day);
    expect(ttl('7')).toBe(7 * day);
    expect(ttl('0.5')).toBe(day / 2);
    expect(ttl('')).toBe(30 * day);
    for (const bad of ['0', '-3', 'a week']) expect(() => ttl(bad)).toThrow(/TOKEN_TTL_DAYS/);
  });

  it('reads FILE_MAX_MB (20) and USER_FILES_MAX_MB (1024) as bytes', () => {
    const mb = 1024 * 1024;
    const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: tempDir(), ...env });
    expect(load()).toMatchObject({ fileMaxBytes: 20 * mb, userFilesMaxBytes: 1024 * mb });
    expect(load({ FILE_MAX_MB: '5', USER_FILES_MAX_MB: '50' })).toMatchObject({
      fileMaxBytes: 5 * mb,
      userFilesMaxBytes: 50 * mb,
    });
    expect(() => load({ FILE_MAX_MB: '0' })).toThrow(/FILE_MAX_MB/);
    expect(() => load({ FILE_MAX_MB: '2048' })).toThrow(/FILE_MAX_MB/);
    expect(() => load({ USER_FILES_MAX_MB: 'lots' })).toThrow(/USER_FILES_MAX_MB/);
  });

  it('stops on a value it cannot use, naming the variable, instead of falling back', () => {
    const refused: [string, string, RegExp][] = [
      ['PORT', 'notaport', /PORT="notaport" must be a number/],
      ['PORT', '70000', /PORT="70000" must be a whole number from 0 to 65535/],
      [
        'DATABASE_URL',
        'mysql://root@db/x',
        /DATABASE_URL="mysql:\/\/root@db\/x" must be a postgres:\/\/ URL/,
      ],
      ['AUTH_RATE_LIMIT', 'abc', /AUTH_RATE_LIMIT="abc" must be a number/],
      ['AUTH_RATE_LIMIT', '0', /AUTH_RATE_LIMIT="0" must be a whole number/],
      ['PAYMENTS_ENABLED', 'maybe', /PAYMENTS_ENABLED="maybe" must be true or false/],
      ['SUPPORT_EMAIL', 'nobody', /SUPPORT_EMAIL="nobody" must be an e-mail address/],
      ['MAX_ANSWER_CHARS', '10', /MAX_ANSWER_CHARS="10"/],
      ['PUBLIC_ORIGIN', 'logbooks.example.org', /PUBLIC_ORIGIN=.* must be an origin/],
      ['WELL_ALLOWED_HOSTS', 'http://127.0.0.1:11434', /WELL_ALLOWED_HOSTS=.* host or host:port/],
      ['LOG_LEVEL', 'loud', /LOG_LEVEL="loud" must be one of/],
      ['SECRET_KEY', 'short', /SECRET_KEY=\(hidden\) must be at least 16 characters/],
    ];
    for (const [name, value, message] of refused) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value }), name).toThrow(message);
    }
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'x', TRUST_PROXY: '-1' })).toThrow(
      /PORT=.*\n.*TRUST_PROXY=/s,
    );
  });
});
