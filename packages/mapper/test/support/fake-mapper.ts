import type { ApiClient } from '@caravanserai/api';
import type { SignedIn } from '@caravanserai/test-kit';
import {
  type CommandEnv,
  type ConfirmRequest,
  createMapperInterpreter,
  createShellBoxInterpreter,
  createState,
  type HostActions,
  type Interpreter,
  type LocalFile,
  type MapperIO,
  type MapperUser,
  type ShellBoxEnv,
} from '../../src/index.js';

export interface SavedFile {
  name: string;
  content: string;
  mimeType: string;
}

/** What the host was asked to do. */
export class HostRecorder implements HostActions {
  opened: string[] = [];
  wentHome = 0;
  fontSizes: number[] = [];
  changed: string[] = [];
  saved: SavedFile[] = [];
  saveFails = false;
  asked: ConfirmRequest[] = [];
  /** Left out, confirmations read y/n keys; answerDialogs() makes this host a page with a dialog. */
  confirm?: (request: ConfirmRequest) => Promise<boolean>;
  /** Left out, as in the browser, the host reads no files; withDisk() gives it some, as the CLI. */
  readFile?: (path: string) => Promise<LocalFile>;
  /** The paths read, in order. */
  read: string[] = [];

  /** Answers each dialog with the next of `answers` (none left: Cancel). */
  answerDialogs(...answers: boolean[]) {
    this.confirm = (request) => {
      this.asked.push(request);
      return Promise.resolve(answers.shift() ?? false);
    };
  }

  /** A disk holding these files by path; any other path is 'no such file'. */
  withDisk(files: Record<string, Uint8Array | string>) {
    this.readFile = (path) => {
      this.read.push(path);
      const bytes = files[path];
      if (bytes === undefined) return Promise.reject(new Error('no such file'));
      return Promise.resolve({ name: path.split('/').at(-1) ?? path, content: new Blob([bytes]) });
    };
    return this;
  }

  openLogbook(logid: string) {
    this.opened.push(logid);
  }
  goHome() {
    this.wentHome++;
  }
  setFontSize(size: number) {
    this.fontSizes.push(size);
  }
  logbookChanged(logid: string) {
    this.changed.push(logid);
  }
  saveFile(name: string, content: string, mimeType: string) {
    if (this.saveFails) return Promise.reject(new Error('disk full'));
    this.saved.push({ name, content, mimeType });
    return Promise.resolve();
  }
}

/** A screen that records what is written and answers key reads from a queue (none queued: waits). */
export class FakeIO implements MapperIO {
  readonly out: string[] = [];
  readonly keys: string[] = [];
  clears = 0;
  keyReads = 0;

  write(text: string) {
    this.out.push(text);
  }
  clear() {
    this.clears++;
  }
  readKey(): Promise<string> {
    this.keyReads++;
    const key = this.keys.shift();
    return key === undefined ? new Promise(() => {}) : Promise.resolve(key);
  }
}

export interface RunOptions {
  keys?: string[];
  signal?: AbortSignal;
}

abstract class Session<C extends CommandEnv> {
  readonly io = new FakeIO();
  readonly host = new HostRecorder();
  readonly state = createState();

  constructor(
    readonly api: ApiClient,
    readonly user: MapperUser | null,
    private readonly interpreter: Interpreter<C>,
  ) {}

  protected abstract context(base: CommandEnv): C;

  /** Runs one line; resolves with what it printed. */
  async run(line: string, options: RunOptions = {}): Promise<string> {
    const start = this.io.out.length;
    this.io.keys.push(...(options.keys ?? []));
    const base: CommandEnv = {
      api: this.api,
      io: this.io,
      host: this.host,
      user: this.user,
      state: this.state,
    };
    if (options.signal) base.signal = options.signal;
    await this.interpreter.execute(line, this.context(base));
    return this.io.out.slice(start).join('');
  }

  /** The printed lines of one run, without the final newline's empty line. */
  async lines(line: string, options: RunOptions = {}): Promise<string[]> {
    const text = await this.run(line, options);
    return text.replace(/\n$/, '').split('\n');
  }
}

export class FakeMapper extends Session<CommandEnv> {
  constructor(api: ApiClient, user: MapperUser | null) {
    super(api, user, createMapperInterpreter());
  }
  protected context(base: CommandEnv): CommandEnv {
    return base;
  }
}

export class FakeShellBox extends Session<ShellBoxEnv> {
  constructor(
    api: ApiClient,
    user: MapperUser | null,
    readonly logbook: { logid: string; wellid: string | null },
  ) {
    super(api, user, createShellBoxInterpreter());
  }
  protected context(base: CommandEnv): ShellBoxEnv {
    return { ...base, logbook: this.logbook };
  }
}

export function mapperFor(user: SignedIn): FakeMapper {
  return new FakeMapper(user.client, { pk: user.pk, username: user.username });
}
