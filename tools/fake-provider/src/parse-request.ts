import type { IncomingMessage } from 'node:http';
import type { RequestContext } from './families/family-adapter';
import { flattenHeaders, parseJson, readBody } from './http-io';
import type { Route } from './routes';
import type { RecordedRequest } from './types';

export interface ParsedRequest {
  context: RequestContext;
  /** False when a generation request's body is missing or not JSON. */
  validJson: boolean;
}

export async function parseRequest(request: IncomingMessage, url: URL, route: Route): Promise<ParsedRequest> {
  const raw = await readBody(request);
  const parsed = raw.length === 0 ? { ok: true as const, value: undefined } : parseJson(raw);
  const context: RequestContext = {
    path: request.url ?? url.pathname,
    query: url.searchParams,
    headers: flattenHeaders(request.headers),
    body: parsed.ok ? parsed.value : raw,
  };
  if (route.kind === 'generate') {
    if (route.pathModel !== undefined) context.pathModel = route.pathModel;
    if (route.pathStream !== undefined) context.pathStream = route.pathStream;
  }
  return { context, validJson: parsed.ok && (route.kind === 'models' || parsed.value !== undefined) };
}

/** What `requests` keeps of one request; model lists have no model, stream or messages. */
export function toRecordedRequest(route: Route, context: RequestContext): RecordedRequest {
  const { adapter } = route;
  const generate = route.kind === 'generate';
  return {
    family: adapter.family,
    path: context.path,
    headers: context.headers,
    body: context.body,
    model: generate ? adapter.model(context) : '',
    stream: generate ? adapter.isStream(context) : false,
    messages: generate ? adapter.messages(context.body) : [],
  };
}
