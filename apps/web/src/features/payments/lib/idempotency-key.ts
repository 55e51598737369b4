import { ApiError } from '@caravanserai/api';
import { useRef } from 'react';

/** 128 random bits in hex: fits the server's Idempotency-Key rule, in any browsing context. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The Idempotency-Key of a payment write. It is kept until the server has answered, so sending
 * the same request again after a lost connection is recognised and never charges twice; once an
 * answer came (success or refusal) the next attempt is a new request with a new key.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  return {
    current(): string {
      key.current ??= newIdempotencyKey();
      return key.current;
    },
    settled(error: unknown): void {
      if (error === null || error instanceof ApiError) key.current = null;
    },
  };
}
