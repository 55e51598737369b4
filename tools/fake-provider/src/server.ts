import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleRequest, type ServerState } from './handle-request';
import { sendJson } from './http-io';
import { createScriptQueue } from './script-queue';
import type { FakeProvider, FakeProviderOptions } from './types';

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts the fake on loopback; resolves once it listens. */
export async function startFakeProvider(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  const host = options.host ?? '127.0.0.1';
  const scripts = createScriptQueue();
  let sequence = 0;
  const state: ServerState = {
    requests: [],
    scripts,
    requireApiKey: options.requireApiKey ?? true,
    echo: {
      delayMs: options.chunkDelayMs ?? 0,
      ...(options.echoReasoning !== undefined ? { reasoning: options.echoReasoning } : {}),
    },
    nextSequence: () => {
      sequence += 1;
      return sequence;
    },
  };

  const server = createServer((request, response) => {
    handleRequest(state, request, response).catch((error: unknown) => {
      if (response.headersSent) response.destroy();
      else sendJson(response, 500, { error: { message: String(error), type: 'server_error' } });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${urlHost(host)}:${port}`,
    requests: state.requests,
    enqueue: scripts.enqueue,
    setDefault: scripts.setDefault,
    reset: () => {
      state.requests.length = 0;
      scripts.reset();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
