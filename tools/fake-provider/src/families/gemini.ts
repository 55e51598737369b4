import { headerKey } from '../auth';
import type { ReplyPlan } from '../reply-plan';
import { dataFrame, EVENT_STREAM } from '../sse';
import type { FamilyAdapter, RequestContext, StreamFrames } from './family-adapter';
import { geminiErrorBody } from './gemini-error';
import { geminiMessages } from './gemini-messages';
import { geminiModelList } from './model-lists';

/**
 * candidatesTokenCount counts the answer only; thoughtsTokenCount (present when the model thought)
 * counts the thinking, and totalTokenCount adds all three. Chunks before the last carry no
 * candidates count.
 */
function usage(plan: ReplyPlan, last: boolean): unknown {
  const thoughts = plan.reasoning?.tokens ?? 0;
  const candidates = last ? plan.outputTokens : 0;
  return {
    promptTokenCount: plan.inputTokens,
    ...(last ? { candidatesTokenCount: candidates } : {}),
    totalTokenCount: plan.inputTokens + candidates + thoughts,
    ...(plan.reasoning ? { thoughtsTokenCount: thoughts } : {}),
  };
}

type Part = { text: string; thought?: true };

/** One GenerateContentResponse; only the last one of a stream has finishReason and full usage. */
function chunk(plan: ReplyPlan, parts: Part[], last: boolean): unknown {
  return {
    candidates: [
      {
        content: { parts, role: 'model' },
        ...(last ? { finishReason: plan.atLength ? 'MAX_TOKENS' : 'STOP' } : {}),
        index: 0,
      },
    ],
    usageMetadata: usage(plan, last),
    modelVersion: plan.model,
    responseId: `fake-response-${plan.sequence}`,
  };
}

/** Thought parts (`thought: true`) come before the answer's, as Gemini sends them with includeThoughts. */
function streamedParts(plan: ReplyPlan): Part[] {
  const thoughts = (plan.reasoning?.pieces ?? []).map((text): Part => ({ text, thought: true }));
  return [...thoughts, ...plan.pieces.map((text) => ({ text }))];
}

function wholeParts(plan: ReplyPlan): Part[] {
  const answer = { text: plan.text };
  return plan.reasoning ? [{ text: plan.reasoning.text, thought: true }, answer] : [answer];
}

/**
 * streamGenerateContent: with `alt=sse`, one `data: <GenerateContentResponse>` frame per piece, thought
 * pieces first (CRLF-delimited, as Google sends them); without it, the same objects as one streamed
 * JSON array.
 */
function streamFrames(plan: ReplyPlan, context: RequestContext): StreamFrames {
  const parts = streamedParts(plan);
  const objects = parts.map((part, index) => chunk(plan, [part], index === parts.length - 1));
  if (context.query.get('alt') === 'sse') {
    return {
      contentType: EVENT_STREAM,
      head: [],
      deltas: objects.map((object) => dataFrame(object, '\r\n')),
      tail: [],
    };
  }
  return {
    contentType: 'application/json; charset=UTF-8',
    head: ['['],
    deltas: objects.map((object, index) => `${index === 0 ? '' : ',\r\n'}${JSON.stringify(object)}`),
    tail: [']'],
  };
}

/** POST /v1beta/models/{model}:generateContent and :streamGenerateContent, keyed by header or `key`. */
export const geminiAdapter: FamilyAdapter = {
  family: 'gemini',
  hasApiKey: (context) =>
    headerKey(context.headers, 'x-goog-api-key') !== undefined || (context.query.get('key') ?? '') !== '',
  errorBody: geminiErrorBody,
  model: (context) => context.pathModel ?? '',
  isStream: (context) => context.pathStream === true,
  messages: geminiMessages,
  modelList: geminiModelList,
  reply: (plan) => chunk(plan, wholeParts(plan), true),
  stream: streamFrames,
};
