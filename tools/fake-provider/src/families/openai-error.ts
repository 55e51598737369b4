/** OpenAI's error body: `{ error: { message, type, param, code } }`. */

function errorType(status: number): string {
  if (status === 429) return 'rate_limit_exceeded';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

function errorCode(status: number): string | null {
  if (status === 401) return 'invalid_api_key';
  if (status === 404) return 'model_not_found';
  if (status === 429) return 'rate_limit_exceeded';
  return null;
}

export function openaiErrorBody(status: number, message: string): unknown {
  return { error: { message, type: errorType(status), param: null, code: errorCode(status) } };
}

/**
 * Chat Completions is also Mistral's route, whose error body is flat:
 * `{ object: 'error', message, type, param, code }`. This body carries both shapes, so the OpenAI,
 * OpenAI-compatible and Mistral clients each read the message from it.
 */
export function chatCompletionsErrorBody(status: number, message: string): unknown {
  const type = errorType(status);
  const code = errorCode(status);
  return { object: 'error', message, type, param: null, code, error: { message, type, param: null, code } };
}
