import { anthropicAdapter } from './families/anthropic';
import type { FamilyAdapter } from './families/family-adapter';
import { geminiAdapter } from './families/gemini';
import { openaiChatAdapter } from './families/openai-chat';
import { openaiResponsesAdapter } from './families/openai-responses';

export type Route =
  | { kind: 'generate'; adapter: FamilyAdapter; pathModel?: string; pathStream?: boolean }
  | { kind: 'models'; adapter: FamilyAdapter };

const POST_ROUTES: readonly [RegExp, FamilyAdapter][] = [
  [/^(?:\/v1)?\/chat\/completions\/?$/, openaiChatAdapter],
  [/^(?:\/v1)?\/responses\/?$/, openaiResponsesAdapter],
  [/^(?:\/v1)?\/messages\/?$/, anthropicAdapter],
];

const GEMINI_GENERATE =
  /^(?:\/v1beta|\/v1)?\/(?:models|tunedModels)\/([^/:]+):(generateContent|streamGenerateContent)$/;

/**
 * Maps a request to the family that answers it. The `/v1` prefix is optional everywhere; Gemini also
 * takes `/v1` instead of `/v1beta`. GET /v1/models answers in Anthropic's shape when the request carries
 * `x-api-key` or `anthropic-version`, else in OpenAI's; GET /v1beta/models answers in Google's.
 */
export function matchRoute(
  method: string,
  pathname: string,
  headers: Record<string, string>,
): Route | undefined {
  if (method === 'GET') {
    if (/^\/v1beta\/models\/?$/.test(pathname)) return { kind: 'models', adapter: geminiAdapter };
    if (!/^(?:\/v1)?\/models\/?$/.test(pathname)) return undefined;
    const anthropic = headers['x-api-key'] !== undefined || headers['anthropic-version'] !== undefined;
    return { kind: 'models', adapter: anthropic ? anthropicAdapter : openaiChatAdapter };
  }
  if (method !== 'POST') return undefined;
  for (const [pattern, adapter] of POST_ROUTES) {
    if (pattern.test(pathname)) return { kind: 'generate', adapter };
  }
  const gemini = GEMINI_GENERATE.exec(pathname);
  if (gemini?.[1] === undefined) return undefined;
  return {
    kind: 'generate',
    adapter: geminiAdapter,
    pathModel: decodeURIComponent(gemini[1]),
    pathStream: gemini[2] === 'streamGenerateContent',
  };
}
