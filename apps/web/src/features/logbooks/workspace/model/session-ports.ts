import type {
  HeadChanged,
  QueryCancel,
  QuerySubmit,
  StreamHandlers,
  TagSubmitResult,
} from '@caravanserai/api';
import type { StreamedAnswer } from '../api/stream-query';
import type { EntryWrite } from '../api/write-entry';
import type { FrameScheduler } from './answer-stream';
import type { LogSnapshot } from './log-snapshot';

/** What the session needs from outside: the server, the page's other tabs, and the reader. */
export interface SessionPorts {
  /** Stores one write after the writes made before it (the logbook's write scope). */
  writeEntry(write: EntryWrite): Promise<TagSubmitResult>;
  /** Streams an answer once the writes made before the query are stored. */
  streamQuery(body: QuerySubmit, handlers: StreamHandlers): Promise<StreamedAnswer>;
  cancelQuery(body: QueryCancel): Promise<unknown>;
  /** Chooses the branch of an entry (DESIGN 3a): the head moves to the newest leaf under it. */
  setHead(eid: string): Promise<HeadChanged>;
  /** The session's log is behind the stored one: read the logbook again. */
  refetch(): void;
  /** The session wrote `version` and applied it to its log (other tabs may want to know). */
  announce(version: number): void;
  /** Tells the reader why a write did not go through. */
  writeFailed(error: unknown): void;
}

export interface LogbookSessionOptions {
  logid: string;
  /** The logbook as fetched: its log, version, head and when it was fetched. */
  fetched: { log: string; version: number; fetchedAt: number; head: string | null };
  /** The log this page parsed on an earlier visit, used while the fetch is not newer. */
  saved?: LogSnapshot;
  ports: SessionPorts;
  frames?: FrameScheduler;
  now?: () => number;
}
