import { bearerToken } from '../auth';
import { arrayField, isObject, stringField } from '../json-access';
import type { ReasoningPlan, ReplyPlan } from '../reply-plan';
import { EVENT_STREAM, namedFrame } from '../sse';
import type { FamilyAdapter, RequestContext, StreamFrames } from './family-adapter';
import { openaiModelList } from './model-lists';
import { openaiErrorBody } from './openai-error';
import { openaiResponsesMessages } from './openai-responses-messages';
import {
  messageItem,
  messageItemId,
  messageOutputIndex,
  outputText,
  reasoningItem,
  reasoningItemId,
  responseObject,
  summaryText,
} from './openai-responses-objects';
import { reasoningThenText } from './reasoning-deltas';

type Frame = (type: string, fields: Record<string, unknown>) => string;

function wantsEncryptedReasoning(context: RequestContext): boolean {
  return arrayField(context.body, 'include').includes('reasoning.encrypted_content');
}

interface ReasoningFrames {
  open: string[];
  deltas: string[];
  /** Called once the reasoning has been streamed, so that its frames are numbered after the deltas. */
  done(): string[];
}

/**
 * The reasoning item at output index 0: output_item.added and reasoning_summary_part.added, one
 * reasoning_summary_text.delta per piece, then reasoning_summary_text.done,
 * reasoning_summary_part.done and output_item.done.
 */
function reasoningFrames(
  plan: ReplyPlan,
  reasoning: ReasoningPlan,
  frame: Frame,
  encrypted: boolean,
): ReasoningFrames {
  const place = { item_id: reasoningItemId(plan), output_index: 0, summary_index: 0 };
  const open = [
    frame('response.output_item.added', {
      output_index: 0,
      item: reasoningItem(plan, 'in_progress', encrypted),
    }),
    frame('response.reasoning_summary_part.added', { ...place, part: summaryText('') }),
  ];
  const deltas = reasoning.pieces.map((delta) =>
    frame('response.reasoning_summary_text.delta', { ...place, delta }),
  );
  const done = () => [
    frame('response.reasoning_summary_text.done', { ...place, text: reasoning.text }),
    frame('response.reasoning_summary_part.done', { ...place, part: summaryText(reasoning.text) }),
    frame('response.output_item.done', {
      output_index: 0,
      item: reasoningItem(plan, 'completed', encrypted),
    }),
  ];
  return { open, deltas, done };
}

/**
 * Streamed as named events, each payload carrying its `type` and a rising `sequence_number`:
 * response.created, response.in_progress, the reasoning item's events when the reply reasons, then the
 * message's response.output_item.added, response.content_part.added, response.output_text.delta (one
 * per piece), response.output_text.done, response.content_part.done, response.output_item.done, and
 * response.completed (with usage). There is no `[DONE]` sentinel.
 */
function streamFrames(plan: ReplyPlan, context: RequestContext): StreamFrames {
  const encrypted = wantsEncryptedReasoning(context);
  let sequence = 0;
  const frame: Frame = (type, fields) => namedFrame(type, { type, sequence_number: sequence++, ...fields });
  const outputIndex = messageOutputIndex(plan);
  const place = { item_id: messageItemId(plan), output_index: outputIndex, content_index: 0 };
  const head = [
    frame('response.created', { response: responseObject(plan, 'in_progress') }),
    frame('response.in_progress', { response: responseObject(plan, 'in_progress') }),
  ];
  const reasoning = plan.reasoning && reasoningFrames(plan, plan.reasoning, frame, encrypted);
  const between = [
    ...(reasoning?.done() ?? []),
    frame('response.output_item.added', {
      output_index: outputIndex,
      item: messageItem(plan, 'in_progress'),
    }),
    frame('response.content_part.added', { ...place, part: outputText('') }),
  ];
  const text = plan.pieces.map((delta) =>
    frame('response.output_text.delta', { ...place, delta, logprobs: [] }),
  );
  const tail = [
    frame('response.output_text.done', { ...place, text: plan.text, logprobs: [] }),
    frame('response.content_part.done', { ...place, part: outputText(plan.text) }),
    frame('response.output_item.done', {
      output_index: outputIndex,
      item: messageItem(plan, 'completed', plan.text),
    }),
    frame('response.completed', { response: responseObject(plan, 'completed', encrypted) }),
  ];
  if (reasoning === undefined) {
    return { contentType: EVENT_STREAM, head: [...head, ...between], deltas: text, tail };
  }
  return {
    contentType: EVENT_STREAM,
    head: [...head, ...reasoning.open],
    deltas: reasoningThenText(reasoning.deltas, between, text),
    tail,
  };
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
  reply: (plan, context) => responseObject(plan, 'completed', wantsEncryptedReasoning(context)),
  stream: streamFrames,
};
