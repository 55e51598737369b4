import {
  ApiClient,
  formatStreamEvent,
  type QueryCancel,
  type QueryStreamEvent,
  type TagSubmit,
} from '@caravanserai/api';
import { type Entry, serializeLog } from '@caravanserai/logbook';
import type { FrameScheduler } from './answer-stream';
import { LogbookSession } from './logbook-session';
import type { SessionPorts } from './session-ports';

// For tests of the session: a server that keeps a version and an entry count, answers each write
// after the one before it (as the logbook's mutation scope does), and streams answers as events.

/** Frames drawn only when the test says so. */
export function manualFrames(): FrameScheduler & { draw(): void; waiting(): number } {
  const queued = new Map<number, () => void>();
  let next = 1;
  return {
    request: (draw) => {
      queued.set(next, draw);
      return next++;
    },
    cancel: (handle) => void queued.delete(handle),
    draw: () => {
      const draws = [...queued.values()];
      queued.clear();
      for (const draw of draws) draw();
    },
    waiting: () => queued.size,
  };
}

/** A body of Server-Sent Events, sent one at a time as the test releases them. */
export function eventStream(): {
  response: Response;
  send(event: QueryStreamEvent): void;
  end(): void;
  /** Fails the read as a dropped fetch does. */
  abort(): void;
} {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start: (opened) => {
      controller = opened;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    send: (event) => controller?.enqueue(encoder.encode(formatStreamEvent(event))),
    end: () => controller?.close(),
    abort: () => controller?.error(new DOMException('The stream was dropped.', 'AbortError')),
  };
}

export interface FakeServer {
  ports: SessionPorts;
  version: number;
  count: number;
  /** The write bodies, in the order the server took them. */
  sent: TagSubmit[];
  failNext(error: unknown): void;
  /** The stream the next query gets. */
  streams: ReturnType<typeof eventStream>[];
  queries: unknown[];
  cancels: QueryCancel[];
  /** The eids whose branch was chosen. */
  heads: string[];
  /** The head the server answers a choice of branch with (the newest leaf under it); the eid itself if null. */
  leaf: string | null;
  refusesCancel: boolean;
  refetches: number;
  announced: number[];
  failures: unknown[];
}

export function fakeServer(stored: readonly Entry[], version: number): FakeServer {
  let tail: Promise<unknown> = Promise.resolve();
  let failure: unknown = null;
  const client = new ApiClient({
    baseUrl: 'http://caravanserai.test/api',
    fetch: async (_url, init) => {
      server.queries.push(JSON.parse(String(init?.body)));
      const stream = server.streams.shift();
      if (!stream) throw new Error('No stream was prepared for this query.');
      init?.signal?.addEventListener('abort', () => stream.abort());
      return stream.response;
    },
  });
  const server: FakeServer = {
    version,
    count: stored.length,
    sent: [],
    failNext: (error) => {
      failure = error;
    },
    streams: [],
    queries: [],
    cancels: [],
    heads: [],
    leaf: null,
    refusesCancel: false,
    refetches: 0,
    announced: [],
    failures: [],
    ports: {
      writeEntry: (write) => {
        const run = tail.then(async () => {
          await Promise.resolve();
          const body = write.body();
          server.sent.push(body);
          if (failure !== null) {
            const error = failure;
            failure = null;
            throw error;
          }
          server.version += 1;
          const index = body.index ?? server.count++;
          const result = { modified_status: true as const, index, version: server.version };
          write.onStored?.(result);
          return result;
        });
        tail = run.catch(() => undefined);
        return run;
      },
      streamQuery: (body, handlers) => client.queries.stream(body, handlers),
      cancelQuery: async (body) => {
        server.cancels.push(body);
        if (server.refusesCancel) throw new Error('Network down');
        return { cancelled: true };
      },
      setHead: async (eid) => {
        server.heads.push(eid);
        server.version += 1;
        return { head: server.leaf ?? eid, version: server.version };
      },
      refetch: () => {
        server.refetches += 1;
      },
      announce: (written) => void server.announced.push(written),
      writeFailed: (error) => void server.failures.push(error),
    },
  };
  return server;
}

/** A session over `stored` at `version`, on a fake server, its frames drawn by hand. */
export function sessionOn(stored: readonly Entry[], version = 1) {
  const server = fakeServer(stored, version);
  const frames = manualFrames();
  const sut = new LogbookSession({
    logid: 'log1',
    fetched: { log: serializeLog(stored), version, fetchedAt: 1, head: null },
    ports: server.ports,
    frames,
    now: () => 1_000,
  });
  return { sut, server, frames };
}

/** Lets the fake server's promises and the stream's reads run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}
