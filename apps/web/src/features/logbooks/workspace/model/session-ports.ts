import type {
  CompareHandlers,
  EntriesPage,
  EntriesQuery,
  HeadChanged,
  LaneOutcome,
  QueryCancel,
  QuerySubmit,
  StreamHandlers,
  TagSubmitResult,
} from '@caravanserai/api';
import type { StreamedAnswer } from '../api/stream-query';
import type { EntryWrite } from '../api/write-entry';
import type { FrameScheduler } from './answer-stream';

/** What the session needs from outside: the server, the page's other tabs, and the reader. */
export interface SessionPorts {
  /** Stores one write after the writes made before it (the logbook's write scope). */
  writeEntry(write: EntryWrite): Promise<TagSubmitResult>;
  /** Streams an answer once the writes made before the query are stored. */
  streamQuery(body: QuerySubmit, handlers: StreamHandlers): Promise<StreamedAnswer>;
  /** Streams a compare's answers (DESIGN 12), once the writes made before the query are stored. */
  compareQuery(body: QuerySubmit, handlers: CompareHandlers): Promise<LaneOutcome[]>;
  cancelQuery(body: QueryCancel): Promise<unknown>;
  /** Chooses the branch of an entry (DESIGN 3a): the head moves to the newest leaf under it. */
  setHead(eid: string): Promise<HeadChanged>;
  /** Reads a page of the logbook's entries (DESIGN 3a). */
  readPage(query: EntriesQuery): Promise<EntriesPage>;
  /** The session wrote `version` and applied it to its log (other tabs may want to know). */
  announce(version: number): void;
  /** Answers were stored here or read from the server: what the logbook's answers took may have changed. */
  answersChanged(): void;
  /** Tells the reader why a write did not go through. */
  writeFailed(error: unknown): void;
}

export interface LogbookSessionOptions {
  logid: string;
  /** The newest page of the active path as read, and when. */
  page: EntriesPage;
  fetchedAt: number;
  ports: SessionPorts;
  frames?: FrameScheduler;
  now?: () => number;
}
