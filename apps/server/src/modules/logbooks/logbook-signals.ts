import type { Executor } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import type { Listening } from '../../db/pg-listener.js';

/** The channel a change of a logbook is announced on; its payload is the logid. */
export const LOGBOOK_CHANNEL = 'caravanserai_logbook';

export interface LogbookListener {
  /** The logbook changed (or may have: read it again). */
  changed(): void;
  /** This process stops: the listener should end what it holds open. */
  end(): void;
}

/**
 * Which logbooks changed, heard by every server process (DESIGN 9, live updates): a write that
 * changes a logbook announces it in its own transaction (PostgreSQL NOTIFY, sent at commit; on
 * SQLite within this process once the write has ended), and the pages open on it are told.
 * An announcement says only which logbook: a listener reads what it needs, so a missed or
 * doubled one costs nothing but a read.
 */
export class LogbookSignals {
  private readonly listeners = new Map<string, Set<LogbookListener>>();
  private listening: Listening | null = null;

  constructor(private readonly db: Db) {}

  async start(): Promise<void> {
    if (this.listening) return;
    this.listening = await this.db.listen(LOGBOOK_CHANNEL, (logid) => this.tell(logid));
  }

  /** Announces a change of the logbook, as part of the write `db` belongs to. */
  async announce(logid: string, db?: Executor): Promise<void> {
    await this.db.notify(LOGBOOK_CHANNEL, logid, db);
  }

  /** Tells `listener` of each change of the logbook, until the returned function is called. */
  subscribe(logid: string, listener: LogbookListener): () => void {
    let set = this.listeners.get(logid);
    if (!set) {
      set = new Set();
      this.listeners.set(logid, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(logid) === set) this.listeners.delete(logid);
    };
  }

  /** How many pages are listening, on every logbook (for tests and health). */
  get size(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  /** Ends every listener (the process is stopping: pages reconnect to another one). */
  endAll(): void {
    for (const set of this.listeners.values()) for (const listener of set) listener.end();
    this.listeners.clear();
  }

  async close(): Promise<void> {
    this.endAll();
    const listening = this.listening;
    this.listening = null;
    await listening?.close();
  }

  private tell(logid: string): void {
    for (const listener of this.listeners.get(logid) ?? []) listener.changed();
  }
}
