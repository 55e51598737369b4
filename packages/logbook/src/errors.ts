export const INVALID_LOG_XML = 'Invalid log XML format.';

/**
 * A log that cannot be read. The message is always the one users see; the parser's detail goes
 * in `reason` for logs and debugging, never into the UI.
 */
export class InvalidLogError extends Error {
  override readonly name = 'InvalidLogError';
  readonly reason: string | undefined;

  constructor(reason?: string) {
    super(INVALID_LOG_XML);
    this.reason = reason;
  }
}

/** An entry that XML cannot hold, found while serialising; the message names the problem. */
export class InvalidEntryError extends Error {
  override readonly name = 'InvalidEntryError';
}
