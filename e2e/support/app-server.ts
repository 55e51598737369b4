import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiClient, Well } from '@caravanserai/api';
import { type FakeProvider, startFakeProvider } from '@caravanserai/fake-provider';
import type { Config } from '../../apps/server/src/config.js';
import { startServer, type TestServer } from '../../apps/server/test/helper.js';

export const WEB_DIST = join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist');

export interface AppUnderTest {
  server: TestServer;
  fake: FakeProvider;
  /** The app's origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  close(): Promise<void>;
}

/** The app as tests and helpers use it: everything but closing it, which its owner does. */
export type RunningApp = Omit<AppUnderTest, 'close'>;

/**
 * The real server (SQLite, fresh data) serving the built web app, with the fake AI provider
 * allowed as a well address, and `config` on top (e.g. `{ apiPrefix: '/v1' }`). The build must
 * exist: scripts/test.mjs builds it first.
 */
export async function startApp(config: Partial<Config> = {}): Promise<AppUnderTest> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build --workspace @caravanserai/web` first.');
  }
  const fake = await startFakeProvider();
  const server = await startServer({
    webRoot: WEB_DIST,
    wellAllowedHosts: [new URL(fake.url).host],
    ...config,
  });
  return {
    server,
    fake,
    origin: server.origin,
    async close() {
      await server.close();
      await fake.close();
    },
  };
}

/**
 * Creates a well for `client`'s user that the app's fake AI provider answers, as an
 * OpenAI-compatible model (`llama3.2` unless `model` says otherwise).
 */
export function createFakeWell(
  app: RunningApp,
  client: ApiClient,
  well: { title: string; key: string; model?: string },
): Promise<Well> {
  return client.wells.create({
    title: well.title,
    AUTH_MODEL_KEY: well.key,
    origin_loc: `openai-compatible/${well.model ?? 'llama3.2'}`,
    model_url: `${app.fake.url}/v1`,
  });
}
