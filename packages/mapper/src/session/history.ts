/** Where typed commands are kept: local storage `commandHistory` in the browser, a file in the CLI. */
export interface HistoryStore {
  load(): string[];
  save(items: readonly string[]): void;
}

const LIMIT = 500;

/**
 * Command history, newest first. Browsing starts at -1 (the line being typed); Up goes back in
 * time, Down forward, and past the newest returns the draft that was being typed.
 */
export class CommandHistory {
  private items: string[];
  private index = -1;
  private draft = '';

  constructor(private readonly store: HistoryStore) {
    let loaded: unknown;
    try {
      loaded = store.load();
    } catch {
      loaded = [];
    }
    // A corrupt saved history is ignored, never fatal.
    this.items = Array.isArray(loaded)
      ? loaded.filter((x): x is string => typeof x === 'string').slice(0, LIMIT)
      : [];
  }

  add(command: string): void {
    this.reset();
    if (!command || this.items[0] === command) return;
    this.items.unshift(command);
    this.items.length = Math.min(this.items.length, LIMIT);
    try {
      this.store.save(this.items);
    } catch {
      // Storage full or unavailable: history still works for this session.
    }
  }

  /** The older entry, or null at the oldest. */
  up(current: string): string | null {
    if (this.index + 1 >= this.items.length) return null;
    if (this.index === -1) this.draft = current;
    this.index += 1;
    return this.items[this.index] ?? null;
  }

  /** The newer entry, the draft when leaving history, or null when not browsing. */
  down(): string | null {
    if (this.index === -1) return null;
    this.index -= 1;
    return this.index === -1 ? this.draft : (this.items[this.index] ?? '');
  }

  reset(): void {
    this.index = -1;
    this.draft = '';
  }

  get entries(): readonly string[] {
    return this.items;
  }
}
