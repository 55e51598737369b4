/**
 * Serialised logs by (logid, version). A version is never reused, so an entry can only be stale
 * by being superseded, never wrong; replicas each keep their own. Bounded by total characters,
 * evicting the least recently used.
 */
interface Item {
  version: number;
  log: string;
  /** The log already encoded as a JSON string, made on the first read that needs it. */
  json?: string;
}

export class LogCache {
  private readonly items = new Map<string, Item>();
  private size = 0;

  constructor(private readonly maxChars = 64 * 1024 * 1024) {}

  get(logid: string, version: number): string | undefined {
    return this.touch(logid, version)?.log;
  }

  /** The log as a JSON string literal, encoded once per version: reads skip re-escaping it. */
  json(logid: string, version: number): string | undefined {
    const item = this.touch(logid, version);
    if (!item) return undefined;
    if (item.json === undefined) {
      item.json = JSON.stringify(item.log);
      this.size += item.json.length;
      this.evict();
    }
    return item.json;
  }

  private touch(logid: string, version: number): Item | undefined {
    const item = this.items.get(logid);
    if (!item || item.version !== version) return undefined;
    this.items.delete(logid);
    this.items.set(logid, item);
    return item;
  }

  set(logid: string, version: number, log: string): void {
    if (log.length > this.maxChars / 4) return;
    this.delete(logid);
    this.items.set(logid, { version, log });
    this.size += log.length;
    this.evict();
  }

  private evict(): void {
    for (const key of this.items.keys()) {
      if (this.size <= this.maxChars) break;
      this.delete(key);
    }
  }

  delete(logid: string): void {
    const item = this.items.get(logid);
    if (!item) return;
    this.items.delete(logid);
    this.size -= item.log.length + (item.json?.length ?? 0);
  }
}
