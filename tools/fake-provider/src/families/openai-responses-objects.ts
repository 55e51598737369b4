import type { ReplyPlan } from '../reply-plan';

/** The JSON objects of a Responses API reply, shared by the plain and the streamed answer. */

export function responseId(plan: ReplyPlan): string {
  return `resp_fake${plan.sequence}`;
}

export function messageItemId(plan: ReplyPlan): string {
  return `msg_fake${plan.sequence}`;
}

export function outputText(text: string): unknown {
  return { type: 'output_text', text, annotations: [], logprobs: [] };
}

export function messageItem(plan: ReplyPlan, status: 'in_progress' | 'completed', text?: string): unknown {
  return {
    id: messageItemId(plan),
    type: 'message',
    status,
    role: 'assistant',
    content: text === undefined ? [] : [outputText(text)],
  };
}

function usage(plan: ReplyPlan): unknown {
  return {
    input_tokens: plan.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: plan.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: plan.inputTokens + plan.outputTokens,
  };
}

/** A `response` object; in progress it has no output and null usage. */
export function responseObject(plan: ReplyPlan, status: 'in_progress' | 'completed'): unknown {
  const done = status === 'completed';
  return {
    id: responseId(plan),
    object: 'response',
    created_at: plan.created,
    status,
    error: null,
    incomplete_details: null,
    model: plan.model,
    output: done ? [messageItem(plan, 'completed', plan.text)] : [],
    parallel_tool_calls: true,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    usage: done ? usage(plan) : null,
  };
}
