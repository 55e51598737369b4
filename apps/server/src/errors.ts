import type { ErrorCode } from '@caravanserai/api';

/**
 * Errors as values with stable codes. One handler (plugins/errors.ts) turns them into the
 * DRF-style bodies the clients expect: {"detail": ...} or {"field": ["message"]}.
 */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return this.fields ?? { detail: this.message, code: this.code };
  }
}

export const NotAuthenticated = (message = 'Authentication credentials were not provided.') =>
  new HttpError(401, 'not_authenticated', message);
export const InvalidToken = () => new HttpError(401, 'authentication_failed', 'Invalid token.');
export const Forbidden = (message = 'You do not have permission to perform this action.') =>
  new HttpError(403, 'permission_denied', message);
export const NotFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const Conflict = (message: string, code: ErrorCode = 'conflict') => new HttpError(409, code, message);
export const ValidationFailed = (fields: FieldErrors) =>
  new HttpError(400, 'invalid', Object.values(fields)[0]?.[0] ?? 'Invalid input.', fields);
export const fieldError = (field: string, message: string) => ValidationFailed({ [field]: [message] });

/** What a withdrawn or removed thing was: answered with its 410 so a link still says what it was. */
export interface TombstoneFacts {
  title: string;
  author: { username: string };
  date: string;
}

export class GoneError extends HttpError {
  constructor(
    message: string,
    readonly tombstone: TombstoneFacts,
  ) {
    super(410, 'gone', message);
  }

  override body(): Record<string, unknown> {
    return { detail: this.message, code: this.code, tombstone: this.tombstone };
  }
}

export const Gone = (message: string, tombstone: TombstoneFacts) => new GoneError(message, tombstone);
