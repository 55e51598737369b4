import { headerKey } from '../auth';
import type { ReplyPlan } from '../reply-plan';
import { dataFrame, EVENT_STREAM } from '../sse';
import type { FamilyAdapter, RequestContext, StreamFrames } from './family-adapter';
import { geminiErrorBody } from './gemini-error';
import { geminiMessages } from './gemini-messages';
import { geminiModelList } from './model-lists';

function fullUsage(plan: ReplyPlan): unknown {
  return {
    promptTokenCount: plan.inputTokens,
    candidatesTokenCount: plan.outputTokens,
    totalTokenCount: plan.inputTokens + plan.outputTokens,
  };
}

/** One GenerateContentResponse; only the last one of a stream has finishReason and full usage. */
function chunk(plan: ReplyPlan, text: string, last: boolean): unknown {
  return {
    candidates: [
      { content: { parts: [{ text }], role: 'model' }, ...(last ? { finishReason: 'STOP' } : {}), index: 0 },
    ],
    usageMetadata: last
      ? fullUsage(plan)
      : { promptTokenCount: plan.inputTokens, totalTokenCount: plan.inputTokens },
    modelVersion: plan.model,
    responseId: `fake-response-${plan.sequence}`,
  };
}

/**
 * streamGenerateContent: with `alt=sse`, one `data: <GenerateContentResponse>` frame per piece
 * (CRLF-delimited, as Google sends them); without it, the same objects as one streamed JSON array.
 */
function streamFrames(plan: ReplyPlan, context: RequestContext): StreamFrames {
  const objects = plan.pieces.map((piece, index) => chunk(plan, piece, index === plan.pieces.length - 1));
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
  reply: (plan) => chunk(plan, plan.text, true),
  stream: streamFrames,
};
