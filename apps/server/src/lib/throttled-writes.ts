/**
 * Throttles a write made on behalf of a key (such as noting when a token or user was last seen) to
 * at most once per `everyMs` per key in this process, so a burst of requests writes once even when
 * some of them read the row before the write landed. Writes are not waited for by the caller; their
 * errors go to the `onError` given with each one, and `settled()` waits for those still under way.
 */
export class ThrottledWrites<K> {
  /**
   * When this process last wrote for each key, in insertion order, so the oldest come first.
   * Entries older than the interval are dropped as new writes are made.
   */
  private readonly writtenAt = new Map<K, number>();
  /** Writes still under way. */
  private readonly writing = new Set<Promise<unknown>>();

  constructor(private readonly everyMs: number) {}

  /**
   * Starts `doWrite` for `key` at time `at` unless this process wrote for that key less than
   * `everyMs` before; does not wait for it. If it fails, `onError` hears why.
   */
  write(key: K, at: number, doWrite: () => Promise<unknown>, onError: (error: unknown) => void): void {
    const last = this.writtenAt.get(key);
    if (last !== undefined && at - last < this.everyMs) return;
    this.forgetBefore(at - this.everyMs);
    // Deleted first so the key moves to the end, keeping the map ordered by time.
    this.writtenAt.delete(key);
    this.writtenAt.set(key, at);
    const write: Promise<unknown> = doWrite()
      .catch(onError)
      .finally(() => this.writing.delete(write));
    this.writing.add(write);
  }

  /** Forgets when this process last wrote for `key`, so its next write is not held back. */
  forget(key: K): void {
    this.writtenAt.delete(key);
  }

  /** Waits for the writes still under way, so the database can be closed after. */
  async settled(): Promise<void> {
    await Promise.all(this.writing);
  }

  /** Keeps the map to the keys written within one interval (it is read in insertion order). */
  private forgetBefore(cutoff: number): void {
    for (const [key, at] of this.writtenAt) {
      if (at >= cutoff) break;
      this.writtenAt.delete(key);
    }
  }
}
