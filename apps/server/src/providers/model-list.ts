import type { ProviderId } from './family.js';

/**
 * Asking a provider for its model list is the cheapest call that proves an address and a key:
 * no tokens are spent, and for an OpenAI-compatible server it tells the user which models it
 * actually serves. Every family has such a list under `<base URL>/models`.
 */
interface ModelListCall {
  /** After the base URL; asks for one big page where the provider pages its list. */
  path: string;
  headers(apiKey: string): Record<string, string>;
  /** The model ids in the provider's answer, or null when the answer is no model list. */
  ids(body: unknown): string[] | null;
}

const bearer = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });

/** OpenAI, Mistral, Anthropic and OpenAI-compatible servers: `{data: [{id}, ...]}`. */
function dataIds(body: unknown): string[] | null {
  if (!isRecord(body) || !Array.isArray(body.data)) return null;
  return body.data.flatMap((item) => (isRecord(item) && typeof item.id === 'string' ? [item.id] : []));
}

/** Gemini: `{models: [{name: 'models/<id>', supportedGenerationMethods}]}`; only models that answer. */
function geminiIds(body: unknown): string[] | null {
  if (!isRecord(body)) return null;
  // An account without models answers `{}`.
  if (body.models === undefined) return [];
  if (!Array.isArray(body.models)) return null;
  return body.models.flatMap((item) => {
    if (!isRecord(item) || typeof item.name !== 'string') return [];
    const methods = item.supportedGenerationMethods;
    if (Array.isArray(methods) && !methods.includes('generateContent')) return [];
    return [item.name.replace(/^models\//, '')];
  });
}

const CALLS: Record<ProviderId, ModelListCall> = {
  openai: { path: '/models', headers: bearer, ids: dataIds },
  mistral: { path: '/models', headers: bearer, ids: dataIds },
  'openai-compatible': { path: '/models', headers: bearer, ids: dataIds },
  anthropic: {
    path: '/models?limit=1000',
    headers: (apiKey) => ({ 'x-api-key': apiKey, 'anthropic-version': '2023-06-01' }),
    ids: dataIds,
  },
  google: {
    path: '/models?pageSize=1000',
    headers: (apiKey) => ({ 'x-goog-api-key': apiKey }),
    ids: geminiIds,
  },
};

/** The provider answered with an error status. */
export class ProviderRefused extends Error {
  override readonly name = 'ProviderRefused';
  constructor(
    readonly status: number,
    /** The provider's own message, or the start of its body. */
    readonly said: string,
  ) {
    super(`HTTP ${status}${said ? `: ${said}` : ''}`);
  }
}

/** The address answered 2xx, but not with anything that reads as a model list. */
export class NotAModelList extends Error {
  override readonly name = 'NotAModelList';
  constructor(readonly said: string) {
    super(`The answer is not a model list: ${said}`);
  }
}

export interface ListOptions {
  fetch: typeof fetch;
  signal: AbortSignal;
}

/** The models `baseURL` lists for `apiKey`, in the provider's order. */
export async function listModels(
  family: ProviderId,
  baseURL: string,
  apiKey: string,
  { fetch, signal }: ListOptions,
): Promise<string[]> {
  const call = CALLS[family];
  const response = await fetch(`${baseURL}${call.path}`, {
    headers: { accept: 'application/json', ...call.headers(apiKey) },
    signal,
  });
  const text = await response.text();
  if (!response.ok) throw new ProviderRefused(response.status, errorMessage(text));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new NotAModelList(oneLine(text));
  }
  const ids = call.ids(body);
  if (!ids) throw new NotAModelList(oneLine(text));
  return ids;
}

/** Providers wrap their message differently: `{error: {message}}`, `{error: '...'}`, `{message}`. */
function errorMessage(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body)) {
      const { error, message, detail } = body;
      if (isRecord(error) && typeof error.message === 'string') return oneLine(error.message);
      for (const said of [error, message, detail]) if (typeof said === 'string') return oneLine(said);
    }
  } catch {
    // Not JSON: an HTML error page or plain text, whose start is the best there is.
  }
  return oneLine(text);
}

function oneLine(text: string): string {
  return text.slice(0, 2000).replace(/\s+/g, ' ').trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
