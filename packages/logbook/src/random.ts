/**
 * The one Web Crypto method this package needs. It is declared locally, not as a global, because
 * hosts compile this source together with DOM or Node types, whose own `crypto` global would clash.
 */
interface RandomSource {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

export function randomBytes(length: number): Uint8Array {
  const source = (globalThis as unknown as { crypto?: RandomSource }).crypto;
  if (!source) throw new Error('globalThis.crypto.getRandomValues is not available.');
  return source.getRandomValues(new Uint8Array(length));
}
