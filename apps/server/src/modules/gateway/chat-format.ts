import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionRequest,
  GatewayMessage,
  TokenUsage,
} from '@caravanserai/api';
import type { Prompt } from '../../providers/answer-stream.js';
import type { ReadAnswer } from '../queries/answer-recorder.js';
import { invalidRequest } from './gateway-errors.js';

/** What one answer is known by in OpenAI's format: its id, when it began, the model named. */
export interface CompletionIds {
  id: string;
  created: number;
  model: string;
}

function textOf(content: GatewayMessage['content']): string {
  return typeof content === 'string' ? content : content.map((part) => part.text).join('\n');
}

/**
 * OpenAI's messages as the prompt a well is sent: system and developer messages as its system
 * texts, in order, then the conversation. Nothing is added: no instructions, no logbook.
 */
export function toPrompt(messages: readonly GatewayMessage[]): Prompt {
  const prompt: Prompt = { system: [], messages: [] };
  for (const message of messages) {
    const text = textOf(message.content);
    if (message.role === 'system' || message.role === 'developer') prompt.system.push(text);
    else prompt.messages.push({ role: message.role, content: text });
  }
  if (prompt.messages.length === 0)
    throw invalidRequest('Send at least one user or assistant message.', 'messages');
  return prompt;
}

/** The logbook settings' names for what the request asks of the model. */
export function requestedSettings(body: ChatCompletionRequest) {
  return {
    temperature: body.temperature ?? null,
    max_output_tokens: body.max_completion_tokens ?? body.max_tokens ?? null,
    reasoning_effort: body.reasoning_effort ?? null,
  };
}

/** 'length' when the answer stopped at a length (the model's maximum, or this server's cap). */
export function finishReason(read: ReadAnswer): 'stop' | 'length' {
  return read.ending === 'cut' || read.atLength ? 'length' : 'stop';
}

function usageOf(usage: TokenUsage) {
  return {
    prompt_tokens: usage.input_tokens,
    completion_tokens: usage.output_tokens,
    total_tokens: usage.input_tokens + usage.output_tokens,
  };
}

/** The answer to a request without `stream`. */
export function completionOf(ids: CompletionIds, read: ReadAnswer, usage: TokenUsage): ChatCompletion {
  return {
    id: ids.id,
    object: 'chat.completion',
    created: ids.created,
    model: ids.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: read.text,
          refusal: null,
          ...(read.reasoning && { reasoning_content: read.reasoning.text }),
        },
        finish_reason: finishReason(read),
        logprobs: null,
      },
    ],
    usage: usageOf(usage),
  };
}

type Delta = ChatCompletionChunk['choices'][number]['delta'];

/** One event of a streamed answer, as it goes on the wire. */
export function chunkFrame(
  ids: CompletionIds,
  delta: Delta,
  finish: 'stop' | 'length' | null = null,
): string {
  const chunk: ChatCompletionChunk = {
    id: ids.id,
    object: 'chat.completion.chunk',
    created: ids.created,
    model: ids.model,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  };
  return dataFrame(chunk);
}

/** The last chunk asked for with `stream_options.include_usage`: no choices, the counts. */
export function usageFrame(ids: CompletionIds, usage: TokenUsage): string {
  const chunk: ChatCompletionChunk = {
    id: ids.id,
    object: 'chat.completion.chunk',
    created: ids.created,
    model: ids.model,
    choices: [],
    usage: usageOf(usage),
  };
  return dataFrame(chunk);
}

export function dataFrame(value: unknown): string {
  return `data: ${JSON.stringify(value)}\n\n`;
}

/** How an OpenAI stream ends. */
export const DONE_FRAME = 'data: [DONE]\n\n';
