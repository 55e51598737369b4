import { headerKey } from '../auth';
import { isObject, stringField } from '../json-access';
import { allOutputTokens, type ReasoningPlan, type ReplyPlan } from '../reply-plan';
import { EVENT_STREAM, namedFrame } from '../sse';
import { anthropicErrorBody } from './anthropic-error';
import { anthropicMessages } from './anthropic-messages';
import type { FamilyAdapter, StreamFrames } from './family-adapter';
import { anthropicModelList } from './model-lists';
import { reasoningThenText } from './reasoning-deltas';

function messageId(plan: ReplyPlan): string {
  return `msg_fake${plan.sequence}`;
}

function frame(type: string, fields: Record<string, unknown> = {}): string {
  return namedFrame(type, { type, ...fields });
}

/** Stands in for the signature Anthropic puts on a thinking block so that it can be sent back. */
function signature(plan: ReplyPlan): string {
  return Buffer.from(`fake thinking ${plan.sequence}`).toString('base64');
}

/** A thinking block first when the reply reasons, then the text. */
function content(plan: ReplyPlan): unknown[] {
  const text = { type: 'text', text: plan.text };
  if (!plan.reasoning) return [text];
  return [{ type: 'thinking', thinking: plan.reasoning.text, signature: signature(plan) }, text];
}

/** The Messages API has no separate thinking count: its output_tokens includes the thinking. */
function usage(plan: ReplyPlan, outputTokens: number): unknown {
  return {
    input_tokens: plan.inputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: outputTokens,
  };
}

/** The thinking block at index 0: its deltas, then its signature and its end. */
function thinkingFrames(plan: ReplyPlan, reasoning: ReasoningPlan) {
  return {
    start: frame('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '' } }),
    deltas: reasoning.pieces.map((thinking) =>
      frame('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking } }),
    ),
    stop: [
      frame('content_block_delta', {
        index: 0,
        delta: { type: 'signature_delta', signature: signature(plan) },
      }),
      frame('content_block_stop', { index: 0 }),
    ],
  };
}

/**
 * Streamed as named events: message_start (input usage), content_block_start, ping,
 * content_block_delta with text_delta (one per piece), content_block_stop, message_delta
 * (stop_reason and output usage), message_stop. A reply that reasons streams a thinking block at
 * index 0 first (thinking_delta per piece, then signature_delta) and its text block at index 1.
 */
function streamFrames(plan: ReplyPlan): Omit<StreamFrames, 'contentType'> {
  const message = {
    id: messageId(plan),
    type: 'message',
    role: 'assistant',
    model: plan.model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: usage(plan, 1),
  };
  const thinking = plan.reasoning && thinkingFrames(plan, plan.reasoning);
  const index = thinking ? 1 : 0;
  const textStart = frame('content_block_start', { index, content_block: { type: 'text', text: '' } });
  const text = plan.pieces.map((piece) =>
    frame('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }),
  );
  const tail = [
    frame('content_block_stop', { index }),
    frame('message_delta', {
      delta: { stop_reason: plan.atLength ? 'max_tokens' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: allOutputTokens(plan) },
    }),
    frame('message_stop'),
  ];
  const start = frame('message_start', { message });
  if (!thinking) return { head: [start, textStart, frame('ping')], deltas: text, tail };
  return {
    head: [start, thinking.start, frame('ping')],
    deltas: reasoningThenText(thinking.deltas, [...thinking.stop, textStart], text),
    tail,
  };
}

/** POST /v1/messages: Anthropic's Messages API, keyed by `x-api-key`. */
export const anthropicAdapter: FamilyAdapter = {
  family: 'anthropic',
  hasApiKey: (context) => headerKey(context.headers, 'x-api-key') !== undefined,
  errorBody: anthropicErrorBody,
  model: (context) => stringField(context.body, 'model') ?? '',
  isStream: (context) => isObject(context.body) && context.body.stream === true,
  messages: anthropicMessages,
  modelList: anthropicModelList,
  reply: (plan) => ({
    id: messageId(plan),
    type: 'message',
    role: 'assistant',
    model: plan.model,
    content: content(plan),
    stop_reason: plan.atLength ? 'max_tokens' : 'end_turn',
    stop_sequence: null,
    usage: usage(plan, allOutputTokens(plan)),
  }),
  stream: (plan) => ({ contentType: EVENT_STREAM, ...streamFrames(plan) }),
};
