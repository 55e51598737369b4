import { z } from 'zod';
import { MAX_OUTPUT_TOKENS_RANGE, REASONING_EFFORTS, TEMPERATURE_RANGE } from './model-settings.js';
import { Line, Text } from './text.js';

/**
 * The OpenAI-compatible gateway (DESIGN 11): its paths, outside the API prefix, and its requests
 * and answers in OpenAI's Chat Completions wire format. Tools point an OpenAI client at
 * `<origin>/v1` with a personal API key as its key.
 */
export const GATEWAY_PREFIX = '/v1';

/** The gateway's paths after GATEWAY_PREFIX. */
export const GATEWAY_PATHS = {
  chatCompletions: '/chat/completions',
  models: '/models',
} as const;

/** The most messages one request may carry. */
export const GATEWAY_MAX_MESSAGES = 1000;
/** The longest text of one message, in characters (the 5 MB body limit caps them all together). */
export const GATEWAY_MAX_MESSAGE_CHARS = 1_000_000;
/** The most content parts one message may have. */
const MAX_PARTS = 100;

const tooLong = `Ensure this text has no more than ${GATEWAY_MAX_MESSAGE_CHARS} characters.`;
const MessageText = Text().max(GATEWAY_MAX_MESSAGE_CHARS, tooLong);

const TextPart = z.object({
  type: z.literal('text', { error: 'Only text content parts are supported.' }),
  text: MessageText,
});

/** A message's content: text, or a list of text parts (joined by line breaks). */
const Content = z.union([MessageText, z.array(TextPart).min(1).max(MAX_PARTS)], {
  error: (issue) =>
    issue.code === 'invalid_union' ? 'Expected a string or a list of text content parts.' : undefined,
});

const name = Line().max(100).optional();

export const GatewayMessage = z.discriminatedUnion(
  'role',
  [
    z.object({ role: z.literal('system'), content: Content, name }),
    z.object({ role: z.literal('developer'), content: Content, name }),
    z.object({ role: z.literal('user'), content: Content, name }),
    z.object({ role: z.literal('assistant'), content: Content, name }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? 'Only system, developer, user and assistant messages are supported.'
        : undefined,
  },
);
export type GatewayMessage = z.infer<typeof GatewayMessage>;

const temperatureError = `Temperature must be between ${TEMPERATURE_RANGE.min} and ${TEMPERATURE_RANGE.max}.`;
const lengthError = `Expected a whole number of tokens between ${MAX_OUTPUT_TOKENS_RANGE.min} and ${MAX_OUTPUT_TOKENS_RANGE.max}.`;
const MaxTokens = z
  .number({ error: lengthError })
  .int(lengthError)
  .min(MAX_OUTPUT_TOKENS_RANGE.min, lengthError)
  .max(MAX_OUTPUT_TOKENS_RANGE.max, lengthError)
  .nullable()
  .optional();

/**
 * `POST /v1/chat/completions`. Fields of OpenAI's request that change nothing here (top_p, seed,
 * user, ...) are accepted and left out; tools and more than one choice are refused, since a
 * caller relying on them would be misled by an answer without them.
 */
export const ChatCompletionRequest = z.object({
  /** A wellid, or the origin_loc (`provider/model`) of a well the caller may use. */
  model: Line().min(1, 'Name a model: a wellid or an origin_loc such as openai/gpt-4o-mini.').max(200),
  messages: z
    .array(GatewayMessage)
    .min(1, 'Send at least one message.')
    .max(GATEWAY_MAX_MESSAGES, `Send at most ${GATEWAY_MAX_MESSAGES} messages.`),
  stream: z.boolean().nullable().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullable().optional(),
  temperature: z
    .number({ error: temperatureError })
    .min(TEMPERATURE_RANGE.min, temperatureError)
    .max(TEMPERATURE_RANGE.max, temperatureError)
    .nullable()
    .optional(),
  max_tokens: MaxTokens,
  max_completion_tokens: MaxTokens,
  reasoning_effort: z
    .enum(REASONING_EFFORTS, { error: `Choose a reasoning effort of ${REASONING_EFFORTS.join(', ')}.` })
    .nullable()
    .optional(),
  n: z.literal(1, { error: 'Only one choice (n = 1) is supported.' }).nullable().optional(),
  tools: z.array(z.unknown()).max(0, 'Tools are not supported by this gateway.').nullable().optional(),
});
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequest>;

const Usage = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
});

export const FinishReason = z.enum(['stop', 'length']);

/** The answer to a request without `stream`. */
export const ChatCompletion = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number(),
      message: z.object({
        role: z.literal('assistant'),
        content: z.string(),
        refusal: z.null(),
        /** The model's thinking, where it showed any (as DeepSeek-style servers send it). */
        reasoning_content: z.string().optional(),
      }),
      finish_reason: FinishReason,
      logprobs: z.null(),
    }),
  ),
  usage: Usage,
});
export type ChatCompletion = z.infer<typeof ChatCompletion>;

/** One `data:` event of a streamed answer; the stream ends with `data: [DONE]`. */
export const ChatCompletionChunk = z.object({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: z.number(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number(),
      delta: z.object({
        role: z.literal('assistant').optional(),
        content: z.string().optional(),
        reasoning_content: z.string().optional(),
      }),
      finish_reason: FinishReason.nullable(),
      logprobs: z.null(),
    }),
  ),
  /** Only in the last chunk, with `stream_options: {include_usage: true}`. */
  usage: Usage.nullable().optional(),
});
export type ChatCompletionChunk = z.infer<typeof ChatCompletionChunk>;

/** `GET /v1/models`: the wells the caller may use, each by its wellid and each model once. */
export const GatewayModelList = z.object({
  object: z.literal('list'),
  data: z.array(
    z.object({
      id: z.string(),
      object: z.literal('model'),
      created: z.number(),
      owned_by: z.string(),
    }),
  ),
});
export type GatewayModelList = z.infer<typeof GatewayModelList>;

/** Every gateway error, in OpenAI's shape: clients such as the official SDKs read it. */
export const GatewayError = z.object({
  error: z.object({
    message: z.string(),
    type: z.string(),
    param: z.string().nullable(),
    code: z.string().nullable(),
  }),
});
export type GatewayError = z.infer<typeof GatewayError>;
