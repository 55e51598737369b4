import { ApiError, type EntriesPage, type EntriesQuery, MAX_ENTRIES_PAGE } from '@caravanserai/api';
import { PAGE_SIZE } from '../../api/log-page';
import { type LogSnapshot, type WriteOutcome, withOlder, withPage } from './log-snapshot';

/** What reading the path needs of the session. */
export interface PathReadsHost {
  log(): LogSnapshot;
  loadingOlder(): boolean;
  setLoadingOlder(loading: boolean): void;
  /** Applies a change of the log; `own`: this page's write, which other tabs are told of. */
  apply(outcome: WriteOutcome, own: boolean): void;
  readPage(query: EntriesQuery): Promise<EntriesPage>;
  /** Answers were read from the server: what they took may have changed. */
  answersChanged(): void;
  now(): number;
}

/**
 * How the session reads the active path a page at a time (DESIGN 3a): the newest entries again
 * when the log changed elsewhere, and older ones as the reader goes up the log.
 */
export class PathReads {
  /** A branch another reader chose to look at (the head is the owner's to keep); null: the head's. */
  under: string | null = null;
  /** The older page being read, which a read up to the start waits for. */
  private reading: Promise<boolean> | null = null;
  private stopped = false;

  constructor(private readonly host: PathReadsHost) {}

  /** How many entries a page read to replace the path asks for: about as many as are held. */
  pageSize(): number {
    return Math.min(MAX_ENTRIES_PAGE, Math.max(PAGE_SIZE, this.host.log().path.length));
  }

  /**
   * Reads the newest entries again, about as many as are held: something else changed the log
   * (another tab, the shell box's commands, a write that did not follow).
   */
  reload(): void {
    const { host } = this;
    const under = this.under;
    host.readPage({ limit: this.pageSize(), ...(under !== null && { under }) }).then(
      (page) => {
        if (under !== this.under) return;
        // Read to replace what is held: taken at the same version too (a page that did not fit).
        host.apply(withPage(host.log(), page, host.now()), false);
        host.answersChanged();
      },
      (error: unknown) => {
        // The branch chosen is gone (the log was written again): the head's is shown instead.
        if (under !== null && under === this.under && error instanceof ApiError && error.status === 400) {
          this.under = null;
          this.reload();
        }
      },
    );
  }

  /** Reads the page of the path before the entries held, when there is one and none is being read. */
  loadOlder(): void {
    void this.readOlder(PAGE_SIZE);
  }

  /** Reads the path up to its first entry (the reader asked for the start), the most a call gives at a time. */
  loadToStart(): Promise<void> {
    return this.readOlderWhile(() => true);
  }

  /** Reads older pages, the most a call gives at a time, until the entry at `index` is held. */
  loadTo(index: number): Promise<void> {
    return this.readOlderWhile(() => !this.host.log().path.some((held) => held.index === index));
  }

  /** The page is left: no more pages are read. */
  stop(): void {
    this.stopped = true;
  }

  /** Reads older pages while `wanted` and the path has older entries to give. */
  private async readOlderWhile(wanted: () => boolean): Promise<void> {
    // A page being read (the reader scrolled up) is put in first.
    if (this.reading) await this.reading;
    while (wanted() && this.host.log().more && !this.stopped)
      if (!(await this.readOlder(MAX_ENTRIES_PAGE))) return;
  }

  /** Whether a page was read and put before the path held. */
  private readOlder(limit: number): Promise<boolean> {
    if (this.reading) return Promise.resolve(false);
    const reading = this.readOlderPage(limit).finally(() => {
      this.reading = null;
    });
    this.reading = reading;
    return reading;
  }

  private async readOlderPage(limit: number): Promise<boolean> {
    const { host } = this;
    const log = host.log();
    const before = log.path[0]?.entry.attrs.eid;
    if (!log.more || host.loadingOlder() || before === undefined) return false;
    host.setLoadingOlder(true);
    try {
      const page = await host.readPage({ before, limit });
      // The log as it is now: a write may have landed while the page was read.
      const outcome = withOlder(host.log(), page);
      host.setLoadingOlder(false);
      host.apply(outcome, false);
      return outcome.kind === 'next';
    } catch {
      host.setLoadingOlder(false);
      return false;
    }
  }
}
