import type { FieldErrors } from './schemas/common.js';
import { type ErrorCode, isErrorCode } from './schemas/error-codes.js';

/** A non-2xx answer. `detail` is the server's message; `fields` its per-field messages, if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(describe(status, body));
  }

  /** The server's code for what went wrong ('salted', 'stale_version', 'cancelled', ...). */
  get code(): ErrorCode | undefined {
    const code = isRecord(this.body) ? this.body.code : undefined;
    return isErrorCode(code) ? code : undefined;
  }

  get detail(): string | undefined {
    return isRecord(this.body) && typeof this.body.detail === 'string' ? this.body.detail : undefined;
  }

  /** Why a provider refused (a declined card's "Your card was declined."), next to `detail`. */
  get reason(): string | undefined {
    return isRecord(this.body) && typeof this.body.reason === 'string' ? this.body.reason : undefined;
  }

  get fields(): FieldErrors {
    if (!isRecord(this.body) || typeof this.body.detail === 'string') return {};
    const out: FieldErrors = {};
    for (const [k, v] of Object.entries(this.body)) {
      if (Array.isArray(v)) out[k] = v.map(String);
    }
    return out;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(status: number, body: unknown): string {
  if (isRecord(body)) {
    if (typeof body.detail === 'string') return body.detail;
    const first = Object.entries(body).find(([, v]) => Array.isArray(v));
    if (first) return `${first[0]}: ${(first[1] as unknown[]).join(' ')}`;
  }
  return `Request failed with status ${status}`;
}
