import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'caravanserai-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.port).toBe(8000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.apiPrefix).toBe('/api');
    expect(config.databaseUrl).toBeNull();
    expect(config.paymentsEnabled).toBe(false);
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

  it('prefers SECRET_KEY, reads PostgreSQL URLs and allowed hosts', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SECRET_KEY: 'given',
      DATABASE_URL: 'postgres://u@db:5432/x',
      WELL_ALLOWED_HOSTS: ' 127.0.0.1:11434, Ollama.local ',
      API_PREFIX: 'v1/',
      PAYMENTS_ENABLED: 'true',
    });
    expect(config.secretKey).toBe('given');
    expect(config.databaseUrl).toBe('postgres://u@db:5432/x');
    expect(config.wellAllowedHosts).toEqual(['127.0.0.1:11434', 'ollama.local']);
    expect(config.apiPrefix).toBe('/v1');
    expect(config.paymentsEnabled).toBe(true);
  });

  it('refuses a port that is not one', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty' })).toThrow(/PORT/);
  });
});
