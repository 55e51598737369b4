import { bearerToken } from '../auth';
import { isObject, stringField } from '../json-access';
import type { ReplyPlan } from '../reply-plan';
import { EVENT_STREAM, namedFrame } from '../sse';
import type { FamilyAdapter } from './family-adapter';
import { openaiModelList } from './model-lists';
import { openaiErrorBody } from './openai-error';
import { openaiResponsesMessages } from './openai-responses-messages';
import { messageItem, messageItemId, outputText, responseObject } from './openai-responses-objects';

/**
 * Streamed as named events, each payload carrying its `type` and a rising `sequence_number`:
 * response.created, response.in_progress, response.output_item.added, response.content_part.added,
 * response.output_text.delta (one per piece), response.output_text.done, response.content_part.done,
 * response.output_item.done, response.completed (with usage). There is no `[DONE]` sentinel.
 */
function streamFrames(plan: ReplyPlan): { head: string[]; deltas: string[]; tail: string[] } {
  let sequence = 0;
  const frame = (type: string, fields: Record<string, unknown>): string =>
    namedFrame(type, { type, sequence_number: sequence++, ...fields });
  const place = { item_id: messageItemId(plan), output_index: 0, content_index: 0 };
  const head = [
    frame('response.created', { response: responseObject(plan, 'in_progress') }),
    frame('response.in_progress', { response: responseObject(plan, 'in_progress') }),
    frame('response.output_item.added', { output_index: 0, item: messageItem(plan, 'in_progress') }),
    frame('response.content_part.added', { ...place, part: outputText('') }),
  ];
  const deltas = plan.pieces.map((delta) =>
    frame('response.output_text.delta', { ...place, delta, logprobs: [] }),
  );
  const tail = [
    frame('response.output_text.done', { ...place, text: plan.text, logprobs: [] }),
    frame('response.content_part.done', { ...place, part: outputText(plan.text) }),
    frame('response.output_item.done', { output_index: 0, item: messageItem(plan, 'completed', plan.text) }),
    frame('response.completed', { response: responseObject(plan, 'completed') }),
  ];
  return { head, deltas, tail };
}

/** POST /v1/responses: OpenAI's Responses API. */
export const openaiResponsesAdapter: FamilyAdapter = {
  family: 'openai-responses',
  hasApiKey: (context) => bearerToken(context.headers) !== undefined,
  errorBody: openaiErrorBody,
  model: (context) => stringField(context.body, 'model') ?? '',
  isStream: (context) => isObject(context.body) && context.body.stream === true,
  messages: openaiResponsesMessages,
  modelList: openaiModelList,
  reply: (plan) => responseObject(plan, 'completed'),
  stream: (plan) => ({ contentType: EVENT_STREAM, ...streamFrames(plan) }),
};
