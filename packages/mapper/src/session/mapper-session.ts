import { safeText } from '../safe-text.js';
import { CommandHistory, type HistoryStore } from './history.js';
import { is, KEY, printable } from './keys.js';

/** The terminal surface a session draws on: raw writes (already with \r\n), clear, width. */
export interface Screen {
  write(data: string): void;
  clear(): void;
  columns(): number;
}

/** What one command run gets: its cancel signal and a print that falls silent once cancelled. */
export interface Run {
  signal: AbortSignal;
  print(text: string): void;
  readKey(): Promise<string>;
}

export interface SessionOptions {
  screen: Screen;
  /** The prompt's visible text, e.g. `alice@mapper`; the session adds `$ `. */
  prompt(): string;
  /** Runs one line; what it resolves with (the interpreter's outcome) is not the session's concern. */
  run(line: string, run: Run): Promise<unknown>;
  history: HistoryStore;
  /** Ctrl+V: the host reads its clipboard and feeds the text back through input(). */
  paste?(): void;
}

export const CANCELLED = 'Process cancelled. (Ctrl + C)';

/**
 * Line editing shared by the Mapper page and the CLI, so both behave alike: the keys of the
 * spec's table, history, confirmation key reads, cancelling, and redrawing a line that wraps.
 */
export class MapperSession {
  private buffer = '';
  private cursor = 0;
  /** Row of the cursor within the drawn prompt+line, so a redraw can go back to its start. */
  private cursorRow = 0;
  private running: { controller: AbortController; id: number } | null = null;
  private keyWaiter: ((key: string) => void) | null = null;
  private typeahead: string[] = [];
  private runs = 0;
  readonly history: CommandHistory;

  constructor(private readonly options: SessionOptions) {
    this.history = new CommandHistory(options.history);
  }

  start(): void {
    this.newPrompt();
  }

  get busy(): boolean {
    return this.running !== null;
  }

  /** The line being typed. */
  get line(): string {
    return this.buffer;
  }

  /** Key data from the terminal: one key, an escape sequence, or pasted text. */
  input(data: string): void {
    if (is(data, KEY.ctrlC)) {
      this.cancel();
      return;
    }
    if (this.running) {
      // Keys typed while a command runs wait for its next key read (a y/n question); keys that
      // arrived together are read one at a time.
      const text = printable(data);
      for (const key of text && text.length > 1 ? [...text] : [data]) this.deliverKey(key);
      return;
    }
    const handler = this.keys.find(([keys]) => is(data, keys));
    if (handler) {
      handler[1]();
      return;
    }
    const text = printable(data);
    if (!text) return;
    this.buffer = this.buffer.slice(0, this.cursor) + text + this.buffer.slice(this.cursor);
    this.cursor += text.length;
    this.render();
  }

  /** The editing keys of the spec's table, each with what it does. */
  private readonly keys: [string | readonly string[], () => void][] = [
    [KEY.enter, () => void this.submit()],
    [KEY.ctrlL, () => this.clearScreen()],
    [KEY.ctrlV, () => this.options.paste?.()],
    [KEY.backspace, () => this.edit(this.cursor > 0, () => this.cut(this.cursor - 1))],
    [KEY.delete, () => this.edit(this.cursor < this.buffer.length, () => this.cut(this.cursor))],
    [KEY.left, () => this.move(this.cursor - 1)],
    [KEY.right, () => this.move(this.cursor + 1)],
    [KEY.home, () => this.move(0)],
    [KEY.end, () => this.move(this.buffer.length)],
    [KEY.up, () => this.replaceLine(this.history.up(this.buffer))],
    [KEY.down, () => this.replaceLine(this.history.down())],
  ];

  private clearScreen(): void {
    this.options.screen.clear();
    this.buffer = '';
    this.cursor = 0;
    this.cursorRow = 0;
    this.render();
  }

  private deliverKey(key: string): void {
    if (!this.keyWaiter) {
      this.typeahead.push(key);
      return;
    }
    const resolve = this.keyWaiter;
    this.keyWaiter = null;
    resolve(key);
  }

  private edit(allowed: boolean, change: () => void): void {
    if (!allowed) return;
    change();
    this.render();
  }

  private cut(at: number): void {
    this.buffer = this.buffer.slice(0, at) + this.buffer.slice(at + 1);
    this.cursor = Math.min(this.cursor, at);
  }

  private move(to: number): void {
    const next = Math.max(0, Math.min(this.buffer.length, to));
    if (next === this.cursor) return;
    this.cursor = next;
    this.render();
  }

  private replaceLine(line: string | null): void {
    if (line === null) return;
    this.buffer = line;
    this.cursor = line.length;
    this.render();
  }

  /** Runs the trimmed line; output goes below it, then a fresh prompt. */
  private async submit(): Promise<void> {
    const line = this.buffer.trim();
    this.cursor = this.buffer.length;
    this.render();
    this.options.screen.write('\r\n');
    this.buffer = '';
    this.cursor = 0;
    this.cursorRow = 0;
    this.history.add(line);
    if (!line) {
      this.newPrompt(false);
      return;
    }

    const controller = new AbortController();
    const id = ++this.runs;
    this.running = { controller, id };
    const live = () => this.running?.id === id;
    try {
      await this.options.run(line, {
        signal: controller.signal,
        print: (text) => {
          if (live()) this.options.screen.write(text.replace(/\r?\n/g, '\r\n'));
        },
        readKey: () => {
          if (!live()) return Promise.resolve(KEY.ctrlC);
          const typed = this.typeahead.shift();
          if (typed !== undefined) return Promise.resolve(typed);
          return new Promise<string>((resolve) => {
            this.keyWaiter = resolve;
          });
        },
      });
    } catch (error) {
      // The host's own failure, whose message may quote anything: shown, never acted on.
      const message = safeText(error instanceof Error ? error.message : String(error));
      if (live()) this.options.screen.write(`${message.replace(/\n/g, '\r\n')}\r\n`);
    }
    if (!live()) return;
    this.running = null;
    this.typeahead = [];
    this.newPrompt(false);
  }

  /** Ctrl+C: stops the running command (or drops the typed line) and starts a fresh prompt. */
  private cancel(): void {
    if (this.running) {
      this.running.controller.abort();
      this.running = null;
    }
    this.typeahead = [];
    if (this.keyWaiter) {
      const resolve = this.keyWaiter;
      this.keyWaiter = null;
      resolve(KEY.ctrlC);
    }
    this.buffer = '';
    this.cursor = 0;
    this.cursorRow = 0;
    this.history.reset();
    this.options.screen.write(`\r\n${CANCELLED}\r\n`);
    this.newPrompt(false);
  }

  private newPrompt(lineBreak = false): void {
    if (lineBreak) this.options.screen.write('\r\n');
    this.cursorRow = 0;
    this.render();
  }

  /**
   * Redraws the prompt and line from their first row: clear to the end of the screen, write, then
   * put the cursor back. A line longer than the terminal wraps onto as many rows as it needs.
   */
  private render(): void {
    const cols = Math.max(1, this.options.screen.columns());
    const prompt = `${safeText(this.options.prompt())}$ `;
    const text = prompt + this.buffer;
    let out = this.cursorRow > 0 ? `\x1b[${this.cursorRow}A` : '';
    out += `\r\x1b[J\x1b[1;32m${prompt}\x1b[0m${this.buffer}`;
    // A line that exactly fills its last row leaves the cursor in limbo: step onto the next row.
    if (text.length > 0 && text.length % cols === 0) out += '\r\n';
    const endRow = Math.floor(text.length / cols);
    const target = prompt.length + this.cursor;
    const targetRow = Math.floor(target / cols);
    const targetCol = target % cols;
    if (endRow > targetRow) out += `\x1b[${endRow - targetRow}A`;
    out += '\r';
    if (targetCol > 0) out += `\x1b[${targetCol}C`;
    this.cursorRow = targetRow;
    this.options.screen.write(out);
  }
}
