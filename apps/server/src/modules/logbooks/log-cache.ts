/**
 * Serialised logs by (logid, version). A version is never reused, so an entry can only be stale
 * by being superseded, never wrong; replicas each keep their own. Bounded by total characters,
 * evicting the least recently used.
 */
export class LogCache {
  private readonly items = new Map<string, { version: number; log: string }>();
  private size = 0;

  constructor(private readonly maxChars = 64 * 1024 * 1024) {}

  get(logid: string, version: number): string | undefined {
    const item = this.items.get(logid);
    if (!item || item.version !== version) return undefined;
    this.items.delete(logid);
    this.items.set(logid, item);
    return item.log;
  }

  set(logid: string, version: number, log: string): void {
    if (log.length > this.maxChars / 4) return;
    this.delete(logid);
    this.items.set(logid, { version, log });
    this.size += log.length;
    for (const [key, item] of this.items) {
      if (this.size <= this.maxChars) break;
      this.items.delete(key);
      this.size -= item.log.length;
    }
  }

  delete(logid: string): void {
    const item = this.items.get(logid);
    if (!item) return;
    this.items.delete(logid);
    this.size -= item.log.length;
  }
}
