/** The wire format a request was spoken in. */
export type Family = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';

/** One system/user/assistant text message, whatever wire format carried it. */
export interface NormalisedMessage {
  role: string;
  content: string;
}

export interface RecordedRequest {
  family: Family;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  model: string;
  stream: boolean;
  /**
   * System/user/assistant text in order. OpenAI 'developer'/'system' become 'system', Anthropic's
   * top-level system and OpenAI Responses' `instructions` become the first system message, Gemini's
   * systemInstruction becomes 'system' and its role 'model' becomes 'assistant'. Several text parts of
   * one message are joined with a newline; tool calls, tool results and images are left out.
   */
  messages: NormalisedMessage[];
  /**
   * For a streamed reply, how many chunks (reasoning pieces, then text pieces) went out and whether
   * the client stayed to the end (false when it closed the connection first, as a reader that stops
   * at a cap does).
   */
  delivery?: { chunksSent: number; complete: boolean };
}

export type Script =
  | {
      kind: 'reply';
      text: string;
      /**
       * The model's reasoning ("thinking"), sent before `text` in the family's own shape and cut into
       * as many pieces: Chat Completions `reasoning_content`, a Responses reasoning item with a
       * summary, an Anthropic thinking block, Gemini `thought` parts. Its word count is reported as
       * reasoning tokens where the format has a field for them, and added to the output count where
       * the real service adds it.
       */
      reasoning?: string;
      inputTokens?: number;
      /** The answer text's tokens (default: its word count); reasoning tokens are counted apart. */
      outputTokens?: number;
      chunks?: number;
      chunkDelayMs?: number;
      /**
       * False: the answer carries no token counts at all, as some OpenAI-compatible servers send
       * it (honoured by the Chat Completions format; the other formats always report).
       */
      reportUsage?: boolean;
      /**
       * True: the model stopped at its maximum length (Chat Completions `length`, Anthropic
       * `max_tokens`, Gemini `MAX_TOKENS`) instead of ending its answer.
       */
      atLength?: boolean;
    }
  | { kind: 'error'; status: number; message: string }
  | { kind: 'hang' }
  | { kind: 'drop'; text: string; afterChunks: number };

export interface FakeProvider {
  /** http://HOST:PORT, without a trailing slash. */
  url: string;
  requests: RecordedRequest[];
  /** The next request gets it (first in, first out). */
  enqueue(script: Script): void;
  /** What a request gets when nothing is enqueued (initially the echo reply). */
  setDefault(script: Script): void;
  /** Forgets recorded requests and queued scripts and restores the echo default. */
  reset(): void;
  close(): Promise<void>;
}

export interface FakeProviderOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** When false, requests without an API key are answered instead of refused with 401. Default true. */
  requireApiKey?: boolean;
  /** The pause between the pieces of a streamed echo reply, as a model writing would make (default 0). */
  chunkDelayMs?: number;
  /** Reasoning the echo reply sends before its text, as a thinking model would (default none). */
  echoReasoning?: string;
}
