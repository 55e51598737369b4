import { allOutputTokens, type ReplyPlan } from '../reply-plan';

/** The JSON objects of a Responses API reply, shared by the plain and the streamed answer. */

type Status = 'in_progress' | 'completed';

export function responseId(plan: ReplyPlan): string {
  return `resp_fake${plan.sequence}`;
}

export function messageItemId(plan: ReplyPlan): string {
  return `msg_fake${plan.sequence}`;
}

export function reasoningItemId(plan: ReplyPlan): string {
  return `rs_fake${plan.sequence}`;
}

/** The reasoning item, when there is one, comes first; the message follows it. */
export function messageOutputIndex(plan: ReplyPlan): number {
  return plan.reasoning ? 1 : 0;
}

export function outputText(text: string): unknown {
  return { type: 'output_text', text, annotations: [], logprobs: [] };
}

export function summaryText(text: string): unknown {
  return { type: 'summary_text', text };
}

export function messageItem(plan: ReplyPlan, status: Status, text?: string): unknown {
  return {
    id: messageItemId(plan),
    type: 'message',
    status,
    role: 'assistant',
    content: text === undefined ? [] : [outputText(text)],
  };
}

/**
 * A reasoning item; its summary holds the reasoning once done. `encrypted_content` is there only when
 * the request asked for it (`include: ['reasoning.encrypted_content']`), as OpenAI sends it.
 */
export function reasoningItem(plan: ReplyPlan, status: Status, encrypted: boolean): unknown {
  const text = plan.reasoning?.text ?? '';
  return {
    id: reasoningItemId(plan),
    type: 'reasoning',
    summary: status === 'completed' ? [summaryText(text)] : [],
    ...(encrypted
      ? { encrypted_content: Buffer.from(`fake reasoning ${plan.sequence}`).toString('base64') }
      : {}),
  };
}

/** output_tokens counts the reasoning too, which output_tokens_details tells apart. */
function usage(plan: ReplyPlan): unknown {
  const outputTokens = allOutputTokens(plan);
  return {
    input_tokens: plan.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: plan.reasoning?.tokens ?? 0 },
    total_tokens: plan.inputTokens + outputTokens,
  };
}

/** A `response` object; in progress it has no output and null usage. */
export function responseObject(plan: ReplyPlan, status: Status, encrypted = false): unknown {
  const done = status === 'completed';
  const reasoning = plan.reasoning ? [reasoningItem(plan, 'completed', encrypted)] : [];
  return {
    id: responseId(plan),
    object: 'response',
    created_at: plan.created,
    status,
    error: null,
    incomplete_details: null,
    model: plan.model,
    output: done ? [...reasoning, messageItem(plan, 'completed', plan.text)] : [],
    parallel_tool_calls: true,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    usage: done ? usage(plan) : null,
  };
}
