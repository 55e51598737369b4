import type { IncomingMessage, ServerResponse } from 'node:http';
import { answer, type EchoStyle } from './answer';
import type { FamilyAdapter } from './families/family-adapter';
import { openaiErrorBody } from './families/openai-error';
import { flattenHeaders, sendJson } from './http-io';
import { parseRequest, toRecordedRequest } from './parse-request';
import { matchRoute } from './routes';
import type { ScriptQueue } from './script-queue';
import type { RecordedRequest } from './types';

export interface ServerState {
  requests: RecordedRequest[];
  scripts: ScriptQueue;
  requireApiKey: boolean;
  /** How the echo reply is sent. */
  echo: EchoStyle;
  nextSequence(): number;
}

function missingKeyMessage(adapter: FamilyAdapter): string {
  if (adapter.family === 'anthropic') return 'x-api-key header is required';
  if (adapter.family === 'gemini') return "Method doesn't allow unregistered callers. Please use an API key.";
  return "You didn't provide an API key. Send it in an Authorization: Bearer header.";
}

/**
 * Records the request, refuses it without an API key, then answers with the next script (or the echo
 * reply). A missing key or invalid JSON does not use up a script. Unknown routes are not recorded.
 */
export async function handleRequest(
  state: ServerState,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://fake-provider');
  const route = matchRoute(request.method ?? 'GET', url.pathname, flattenHeaders(request.headers));
  if (route === undefined) {
    request.resume();
    sendJson(response, 404, openaiErrorBody(404, `No fake route for ${request.method} ${url.pathname}`));
    return;
  }
  const { context, validJson } = await parseRequest(request, url, route);
  const recorded = toRecordedRequest(route, context);
  state.requests.push(recorded);
  const { adapter } = route;
  if (state.requireApiKey && !adapter.hasApiKey(context)) {
    sendJson(response, 401, adapter.errorBody(401, missingKeyMessage(adapter)));
    return;
  }
  if (!validJson) {
    sendJson(response, 400, adapter.errorBody(400, 'The request body is not valid JSON.'));
    return;
  }
  const script = state.scripts.next();
  await answer(route, context, script, state.nextSequence(), response, recorded, state.echo);
}
