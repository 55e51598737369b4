import {
  ApiClient,
  type EntriesPage,
  type EntriesQuery,
  type EntryFile,
  type QueryCancel,
  type QueryStreamEvent,
  type QuerySubmit,
  type TagSubmit,
} from '@caravanserai/api';
import { type Entry, isTag, newestLeafUnder, treeOf } from '@caravanserai/logbook';
import { expect } from 'vitest';
import { logbookOf, pageOf, unknownEid } from './fake-logbook';
import { type EventStream, manualFrames } from './fake-streams';
import { type LogSnapshot, snapshotOf } from './log-snapshot';
import { LogbookSession } from './logbook-session';
import type { SessionPorts } from './session-ports';

export { logbookOf } from './fake-logbook';

// For tests of the session: a server that keeps the entries of one logbook with their eids, its
// version and head, answers each write after the one before it (as the logbook's mutation scope
// does), streams answers as events (storing the query and answer they announce), and reads pages
// of the active path as the entries call does.

export interface FakeServer {
  ports: SessionPorts;
  version: number;
  /** The stored entries in document order, each with its eid. */
  entries: Entry[];
  /** The active leaf's eid; null: the last entry. */
  head: string | null;
  /** The files the entries name. */
  files: EntryFile[];
  /** The write bodies, in the order the server took them. */
  sent: TagSubmit[];
  failNext(error: unknown): void;
  /** The stream the next query gets. */
  streams: EventStream[];
  queries: unknown[];
  cancels: QueryCancel[];
  /** The eids whose branch was kept as the head. */
  heads: string[];
  refusesCancel: boolean;
  /** The pages read, by their query. */
  reads: EntriesQuery[];
  announced: number[];
  /** How many times the session said what the answers took may have changed. */
  answersChanged: number;
  failures: unknown[];
  /** A page of the entries as the server would answer `query` now. */
  page(query?: EntriesQuery): EntriesPage;
  /** Holds the answers to page reads (each read as it was asked) until the returned call. */
  holdReads(): () => void;
}

/** The eids the fake server gives: 8 characters, as the server's. */
const eidOf = (prefix: string, n: number) => `${prefix}${String(n).padStart(8 - prefix.length, '0')}`;

export function fakeServer(
  stored: readonly Entry[],
  version: number,
  head: string | null = null,
): FakeServer {
  let tail: Promise<unknown> = Promise.resolve();
  let failure: unknown = null;
  let written = 0;
  let held: Promise<void> | null = null;

  /** Stores an appended entry as the server places it: after the head, which it becomes. */
  const append = (entry: Entry): { index: number; eid: string; parent: string | null } => {
    const eid = entry.attrs.eid ?? eidOf('new', ++written);
    const attrs: Record<string, string> = { ...entry.attrs, eid };
    const last = server.entries.at(-1)?.attrs.eid ?? null;
    if (attrs.parent === undefined && server.head !== null && server.head !== last)
      attrs.parent = server.head;
    // The entry it follows in the tree, as the server reports it.
    const parent = attrs.parent === undefined ? last : attrs.parent === '' ? null : attrs.parent;
    server.entries.push({ ...entry, attrs });
    server.head = eid;
    return { index: server.entries.length - 1, eid, parent };
  };

  /** What an answer's events store: the query on `query`, the answer (and its thinking) on `done`. */
  const record = (body: QuerySubmit, event: QueryStreamEvent) => {
    if (body.continues !== undefined) {
      // A continuation appends nothing: its answer is stored again, joined, where it was.
      if (event.event !== 'done') return;
      const { tag, attrs, content, index } = event.data.entry;
      server.version = event.data.version;
      server.entries[index] = { tag: isTag(tag) ? tag : 'gen', attrs, content };
    } else if (event.event === 'query') {
      if (server.entries[event.data.index]?.attrs.qid === body.qid) return;
      const { qid, parent, files, prompt } = body;
      const attrs: Record<string, string> = { qid: qid ?? '', eid: event.data.eid };
      if (parent !== undefined) attrs.parent = parent;
      if (files !== undefined) attrs.files = files.join(' ');
      server.version += 1;
      const { index } = append({ tag: 'query', attrs, content: prompt });
      if (index !== event.data.index) throw new Error(`The query is stored at ${index}.`);
    } else if (event.event === 'done') {
      const { tag, attrs, content, index } = event.data.entry;
      server.version = event.data.version;
      // The thinking first, in the same write: the answer follows it.
      const thought = event.data.reasoning;
      if (thought) append({ tag: 'comment', attrs: thought.attrs, content: thought.content });
      const placed = append({ tag: isTag(tag) ? tag : 'gen', attrs, content });
      if (placed.index !== index) throw new Error(`The answer is stored at ${placed.index}.`);
    }
  };

  const logbook = () => logbookOf(server.entries, server.version, server.head, server.files);

  const client = new ApiClient({
    baseUrl: 'http://caravanserai.test/api',
    fetch: async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as QuerySubmit;
      server.queries.push(body);
      const stream = server.streams.shift();
      if (!stream) throw new Error('No stream was prepared for this query.');
      stream.observe((event) => record(body, event));
      init?.signal?.addEventListener('abort', () => stream.abort());
      return stream.response;
    },
  });

  const server: FakeServer = {
    version,
    entries: stored.map((entry, i) =>
      entry.attrs.eid === undefined ? { ...entry, attrs: { ...entry.attrs, eid: eidOf('ent', i) } } : entry,
    ),
    head,
    files: [],
    sent: [],
    failNext: (error) => {
      failure = error;
    },
    streams: [],
    queries: [],
    cancels: [],
    heads: [],
    refusesCancel: false,
    reads: [],
    announced: [],
    answersChanged: 0,
    failures: [],
    page: (query) => pageOf(server.entries, logbook(), query),
    holdReads: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        held = null;
        release();
      };
    },
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
          let index = body.index;
          let eid: string | undefined;
          let parent: string | null | undefined;
          if (index === undefined) {
            const tag = isTag(body.tag) ? body.tag : 'comment';
            ({ index, eid, parent } = append({ tag, attrs: body.attrs ?? {}, content: body.content ?? '' }));
          } else {
            const current = server.entries[index]!;
            server.entries[index] = {
              tag: body.fresh_tag !== undefined && isTag(body.fresh_tag) ? body.fresh_tag : current.tag,
              attrs: current.attrs,
              content: body.content ?? current.content,
            };
          }
          const result = {
            modified_status: true as const,
            index,
            version: server.version,
            ...(eid !== undefined && { eid, parent }),
          };
          write.onStored?.(result);
          return result;
        });
        tail = run.catch(() => undefined);
        return run;
      },
      streamQuery: (body, handlers) => client.queries.stream(body, handlers),
      compareQuery: (body, handlers) => client.queries.compare(body, handlers),
      cancelQuery: async (body) => {
        server.cancels.push(body);
        if (server.refusesCancel) throw new Error('Network down');
        return { cancelled: true };
      },
      setHead: async (eid) => {
        server.heads.push(eid);
        const tree = treeOf(server.entries);
        const index = tree.byEid.get(eid);
        if (index === undefined) throw unknownEid('eid');
        server.head = server.entries[newestLeafUnder(tree, index)]!.attrs.eid!;
        server.version += 1;
        return { head: server.head, version: server.version };
      },
      readPage: async (query) => {
        server.reads.push(query);
        const page = server.page(query);
        await held;
        return page;
      },
      announce: (written) => void server.announced.push(written),
      answersChanged: () => {
        server.answersChanged += 1;
      },
      writeFailed: (error) => void server.failures.push(error),
    },
  };
  return server;
}

/**
 * A session over `stored` at `version` (its newest page of `limit` entries), on a fake server,
 * its frames drawn by hand.
 */
export function sessionOn(
  stored: readonly Entry[],
  version = 1,
  { head = null, limit = 100 }: { head?: string | null; limit?: number } = {},
) {
  const server = fakeServer(stored, version, head);
  const frames = manualFrames();
  const sut = new LogbookSession({
    logid: 'log1',
    page: server.page({ limit }),
    fetchedAt: 1,
    ports: server.ports,
    frames,
    now: () => 1_000,
  });
  return { sut, server, frames };
}

/** The log without the row keys this page kept for its own writes (which a read does not know). */
export function withoutKeys(log: LogSnapshot): LogSnapshot {
  return { ...log, path: log.path.map(({ key: _key, ...held }) => held) };
}

/**
 * The log as the server would give it now, read `limit` entries at a time: what a session that
 * applied its writes itself must hold (whenever it read it).
 */
export function served(server: FakeServer, limit = 100): LogSnapshot {
  return { ...snapshotOf(server.page({ limit }), 0), updatedAt: expect.any(Number) };
}

/** Lets the fake server's promises and the stream's reads run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}
