import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SignedIn, TestServer } from '@caravanserai/test-kit';
import { beforeAll } from 'vitest';
import { buildCli } from '../../../../scripts/build.mjs';
import { writeCredentials } from '../../src/config.js';

/** A test file's own work folder: the CLI bundled into it (afresh, so parallel files never share one) and a config folder. */
export function useCliBundle(name: string): { work: string; bundle: string; config: string } {
  const work = mkdtempSync(join(tmpdir(), `caravanserai-${name}-`));
  const bundle = join(work, 'mapper.mjs');
  beforeAll(() => buildCli(bundle), 120_000);
  return { work, bundle, config: join(work, 'config') };
}

/** Signs the CLI whose config folder is `config` in to `server` as `user`, as `mapper login` would. */
export function signInCli(config: string, server: TestServer, user: SignedIn): void {
  writeCredentials(
    { server: server.origin, api: server.baseUrl, token: user.token, username: user.username },
    { CARAVANSERAI_CONFIG_DIR: config },
  );
}
