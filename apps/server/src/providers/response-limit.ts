/** A provider's answer grew past what the server will read. */
export class AnswerTooLarge extends Error {
  override readonly name = 'AnswerTooLarge';
  constructor(readonly limitBytes: number) {
    super(`The provider's answer passed ${Math.round(limitBytes / (1024 * 1024))} MB.`);
  }
}

/** The AnswerTooLarge that `error` is or was caused by (SDKs wrap what a body stream throws). */
export function answerTooLarge(error: unknown): AnswerTooLarge | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof AnswerTooLarge) return e;
  }
  return undefined;
}

/**
 * The most bytes of a provider's response read for an answer of `maxAnswerChars`. Streamed events
 * wrap each few characters in a JSON envelope (50 to 200 bytes a delta, more for escaped text),
 * and some APIs repeat the whole text at the end, so this is generous: it bounds memory, while
 * the character cap is what normally ends a long answer.
 */
export function answerByteLimit(maxAnswerChars: number): number {
  return Math.max(16 * 1024 * 1024, maxAnswerChars * 128);
}

/**
 * Wraps a fetch so that no response body, streamed or not, is read past `maxBytes`: the body
 * errors with AnswerTooLarge and the connection is dropped. The answer cap counts characters of
 * text; this one bounds what a provider can make the server hold (one endless line, a huge error
 * page, events that carry no text).
 */
export function limitResponses(inner: typeof fetch, maxBytes: number): typeof fetch {
  const limited = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const response = await inner(input, init);
    // Statuses that carry no body cannot be rebuilt with one.
    if (!response.body || [101, 204, 205, 304].includes(response.status)) return response;
    let seen = 0;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) controller.error(new AnswerTooLarge(maxBytes));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return limited as typeof fetch;
}
