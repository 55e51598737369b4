// The api package is compiled from source inside this program, and its client names a few web
// platform types (fetch, Response, AbortSignal, ...). This package compiles with lib ES2023 only,
// so the members that client uses are declared here. The file is included by this package's own
// tsconfig and by nothing else: hosts compile the sources with the real DOM or Node types instead.

interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

interface Blob {
  readonly size: number;
  readonly type: string;
  text(): Promise<string>;
}

interface ReadableStreamDefaultReader<R> {
  read(): Promise<{ done: false; value: R } | { done: true; value?: undefined }>;
  releaseLock(): void;
}

interface ReadableStream<R = unknown> {
  getReader(): ReadableStreamDefaultReader<R>;
}

interface Response {
  readonly ok: boolean;
  readonly status: number;
  readonly body: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
  json(): Promise<unknown>;
  blob(): Promise<Blob>;
}

declare class FormData {
  append(name: string, value: string | Blob, filename?: string): void;
}

interface RequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | FormData;
  signal?: AbortSignal;
}

declare function fetch(input: string, init?: RequestInit): Promise<Response>;

declare class TextDecoder {
  constructor(label?: string);
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

// Present in every host (browsers, Node, workers); the portable code may rely on them.
declare class AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}

declare function setTimeout(handler: (...args: unknown[]) => void, ms?: number): unknown;
declare function clearTimeout(id: unknown): void;
