import { headerKey } from '../auth';
import { isObject, stringField } from '../json-access';
import type { ReplyPlan } from '../reply-plan';
import { EVENT_STREAM, namedFrame } from '../sse';
import { anthropicErrorBody } from './anthropic-error';
import { anthropicMessages } from './anthropic-messages';
import type { FamilyAdapter } from './family-adapter';
import { anthropicModelList } from './model-lists';

function messageId(plan: ReplyPlan): string {
  return `msg_fake${plan.sequence}`;
}

function frame(type: string, fields: Record<string, unknown> = {}): string {
  return namedFrame(type, { type, ...fields });
}

/**
 * Streamed as named events: message_start (input usage), content_block_start, ping,
 * content_block_delta with text_delta (one per piece), content_block_stop, message_delta
 * (stop_reason and output usage), message_stop.
 */
function streamFrames(plan: ReplyPlan): { head: string[]; deltas: string[]; tail: string[] } {
  const message = {
    id: messageId(plan),
    type: 'message',
    role: 'assistant',
    model: plan.model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: {
      input_tokens: plan.inputTokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 1,
    },
  };
  return {
    head: [
      frame('message_start', { message }),
      frame('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
      frame('ping'),
    ],
    deltas: plan.pieces.map((text) =>
      frame('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }),
    ),
    tail: [
      frame('content_block_stop', { index: 0 }),
      frame('message_delta', {
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: plan.outputTokens },
      }),
      frame('message_stop'),
    ],
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
    content: [{ type: 'text', text: plan.text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: plan.inputTokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: plan.outputTokens,
    },
  }),
  stream: (plan) => ({ contentType: EVENT_STREAM, ...streamFrames(plan) }),
};
