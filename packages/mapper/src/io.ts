/**
 * What the interpreter needs from a screen. The Mapper page (xterm.js), the shell box and the
 * CLI (readline) each implement it; the interpreter never touches a DOM or a process itself.
 */
export interface MapperIO {
  /**
   * Writes text as is; it may contain '\n', which hosts convert to their own line endings. From
   * the interpreter it holds no other control character but '\t' (see safeText).
   */
  write(text: string): void;
  clear(): void;
  /** Resolves with one key ('y', 'n', 'Enter', ...): used for y/n confirmations. */
  readKey(): Promise<string>;
  copy?(text: string): Promise<void>;
  paste?(): Promise<string>;
}

/** A question asked before something that cannot be undone. */
export interface ConfirmRequest {
  /** A dialog's heading, e.g. 'Clear the log'. */
  title: string;
  /** The whole question, saying what will go and how much; the y/n prompt prints it as is. */
  question: string;
  /** The label of the button that goes ahead, e.g. 'Remove 5 entries'. */
  action: string;
}

/** A file read from the host's disk, for a command to upload. */
export interface LocalFile {
  /** The file's own name, without its folders: what the upload is called. */
  name: string;
  content: Blob;
}

/** What a command may ask of the page or program around it. Every action is optional. */
export interface HostActions {
  openLogbook?(logid: string): void;
  goHome?(): void;
  saveFile?(name: string, content: string, mimeType: string): Promise<void> | void;
  setFontSize?(size: number): void;
  /** The shell box changed this logbook's entries: the page should reload them. */
  logbookChanged?(logid: string): void;
  /**
   * Asks in the host's own way (a dialog in a page); resolves true to go ahead. Without it a
   * confirmation is a y/n key read on the screen.
   */
  confirm?(request: ConfirmRequest): Promise<boolean>;
  /**
   * Reads a file the user named by its path (the CLI's disk); rejects with an Error whose message
   * says why it cannot, e.g. 'no such file'. Hosts with no file system leave it out, and commands
   * that take files then say where files can be attached instead.
   */
  readFile?(path: string): Promise<LocalFile>;
}
