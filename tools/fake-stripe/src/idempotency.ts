import { idempotencyMismatch, type StripeFailure } from './errors';

export interface SavedResponse {
  status: number;
  body: unknown;
}

interface Entry {
  fingerprint: string;
  savedAt: number;
  response: SavedResponse;
}

/** Stripe keeps a key's result for at least 24 hours. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Stripe's idempotent requests: a POST repeated with the same `Idempotency-Key` and the same
 * parameters gets the first response again, without doing anything twice; the key reused with
 * other parameters is refused. Keys belong to the API key that sent them.
 */
export class IdempotencyKeys {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly clock: () => number) {}

  /** The saved response to replay, null for a first request, or the mismatch failure to send. */
  lookup(apiKey: string, key: string, fingerprint: string): SavedResponse | StripeFailure | null {
    const entry = this.entries.get(`${apiKey}\n${key}`);
    if (!entry || this.clock() - entry.savedAt > KEEP_MS) return null;
    if (entry.fingerprint !== fingerprint) return idempotencyMismatch(key);
    return entry.response;
  }

  save(apiKey: string, key: string, fingerprint: string, response: SavedResponse): void {
    this.entries.set(`${apiKey}\n${key}`, { fingerprint, savedAt: this.clock(), response });
  }

  clear(): void {
    this.entries.clear();
  }
}

/** What makes two requests the same: method, path and parameters, whatever their order. */
export function fingerprint(method: string, path: string, params: unknown): string {
  return `${method} ${path} ${canonical(params)}`;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
