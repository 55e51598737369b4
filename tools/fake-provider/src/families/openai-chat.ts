import { bearerToken } from '../auth';
import { isObject, objectField, stringField } from '../json-access';
import { allOutputTokens, type ReplyPlan } from '../reply-plan';
import { dataFrame, EVENT_STREAM } from '../sse';
import type { FamilyAdapter } from './family-adapter';
import { openaiModelList } from './model-lists';
import { openaiChatMessages } from './openai-chat-messages';
import { chatCompletionsErrorBody } from './openai-error';
import { reasoningThenText } from './reasoning-deltas';

/** completion_tokens counts the reasoning too, which completion_tokens_details tells apart. */
function usage(plan: ReplyPlan): unknown {
  const completionTokens = allOutputTokens(plan);
  return {
    prompt_tokens: plan.inputTokens,
    completion_tokens: completionTokens,
    total_tokens: plan.inputTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: plan.reasoning?.tokens ?? 0 },
  };
}

function includeUsage(body: unknown): boolean {
  return objectField(body, 'stream_options')?.include_usage === true;
}

/**
 * POST /v1/chat/completions: OpenAI, Mistral, and OpenAI-compatible servers such as Ollama.
 * Streams `data: <chat.completion.chunk>` frames ending with `data: [DONE]`. With
 * `stream_options.include_usage` the usage comes in a last chunk with empty `choices` (OpenAI);
 * without it, on the finishing chunk (as Mistral sends it, whose client requires a choice in every chunk).
 * Reasoning comes first as `reasoning_content` deltas, and as `message.reasoning_content` unstreamed,
 * the field DeepSeek, vLLM and Ollama use and the OpenAI-compatible client reads.
 */
export const openaiChatAdapter: FamilyAdapter = {
  family: 'openai-chat',
  hasApiKey: (context) => bearerToken(context.headers) !== undefined,
  errorBody: chatCompletionsErrorBody,
  model: (context) => stringField(context.body, 'model') ?? '',
  isStream: (context) => isObject(context.body) && context.body.stream === true,
  messages: openaiChatMessages,
  modelList: openaiModelList,

  reply: (plan) => ({
    id: `chatcmpl-fake${plan.sequence}`,
    object: 'chat.completion',
    created: plan.created,
    model: plan.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: plan.text,
          ...(plan.reasoning ? { reasoning_content: plan.reasoning.text } : {}),
          refusal: null,
          annotations: [],
        },
        logprobs: null,
        finish_reason: plan.atLength ? 'length' : 'stop',
      },
    ],
    ...(plan.reportUsage ? { usage: usage(plan) } : {}),
    system_fingerprint: 'fp_fake',
  }),

  stream: (plan, context) => {
    const withUsage = includeUsage(context.body) && plan.reportUsage;
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}): string =>
      dataFrame({
        id: `chatcmpl-fake${plan.sequence}`,
        object: 'chat.completion.chunk',
        created: plan.created,
        model: plan.model,
        system_fingerprint: 'fp_fake',
        choices,
        ...(withUsage ? { usage: null } : {}),
        ...extra,
      });
    const choice = (delta: unknown, finishReason: string | null): unknown => ({
      index: 0,
      delta,
      logprobs: null,
      finish_reason: finishReason,
    });
    const finish = chunk(
      [choice({}, plan.atLength ? 'length' : 'stop')],
      withUsage || !plan.reportUsage ? {} : { usage: usage(plan) },
    );
    return {
      contentType: EVENT_STREAM,
      head: [chunk([choice({ role: 'assistant', content: '', refusal: null }, null)])],
      deltas: reasoningThenText(
        (plan.reasoning?.pieces ?? []).map((piece) => chunk([choice({ reasoning_content: piece }, null)])),
        [],
        plan.pieces.map((piece) => chunk([choice({ content: piece }, null)])),
      ),
      tail: [finish, ...(withUsage ? [chunk([], { usage: usage(plan) })] : []), dataFrame('[DONE]')],
    };
  },
};
