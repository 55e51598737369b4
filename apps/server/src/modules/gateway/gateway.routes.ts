import {
  ChatCompletion,
  ChatCompletionRequest,
  GATEWAY_PATHS,
  GATEWAY_PREFIX,
  GatewayModelList,
} from '@caravanserai/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openEventStream } from '../../lib/event-stream.js';
import type { Services } from '../../services.js';
import type { AnswerPiece } from '../queries/answer-reading.js';
import { chunkFrame, completionOf, DONE_FRAME, dataFrame, finishReason, usageFrame } from './chat-format.js';
import type { GatewayCall, GatewayResult, GatewayService } from './gateway.service.js';
import { apiKeyRequired, GatewayRefusal, gatewayErrorAnswer, providerFailed } from './gateway-errors.js';

/**
 * A stream is opened once the answer's first piece arrives, or after this long without one: a
 * provider failing at once is then a plain 502 the client sees as such, and a model thinking
 * silently still gets a stream that keeps proxies from timing out.
 */
const FIRST_PIECE_WAIT_MS = 5000;

/**
 * The OpenAI-compatible gateway (DESIGN 11) outside the API prefix: `POST /v1/chat/completions`
 * and `GET /v1/models`, with a personal API key only (a browser's sign-in token is refused), every
 * error in OpenAI's shape.
 */
export async function gatewayRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const gateway = services.gateway;
  await app.register(
    async (v1) => {
      v1.setErrorHandler((error: Error, request, reply) => {
        const [status, body] = gatewayErrorAnswer(error, request);
        // Retrying cannot help until the caravan's month turns: OpenAI's clients stop on this.
        if (status === 429 && body.error.code === 'insufficient_quota')
          reply.header('x-should-retry', 'false');
        return reply.status(status).send(body);
      });
      // With API_PREFIX=/v1 the API's own unknown paths fall here too: they keep the API's 404.
      if (services.config.apiPrefix !== GATEWAY_PREFIX)
        v1.setNotFoundHandler((request, reply) =>
          reply.status(404).send({
            error: {
              message: `Unknown request URL: ${request.method} ${request.url.split('?')[0]}.`,
              type: 'invalid_request_error',
              param: null,
              code: 'unknown_url',
            },
          }),
        );
      v1.addHook('onRequest', requireApiKey);

      v1.get(GATEWAY_PATHS.models, { schema: { response: { 200: GatewayModelList } } }, async (request) =>
        gateway.models.list(request.user!),
      );

      v1.post(
        GATEWAY_PATHS.chatCompletions,
        { schema: { body: ChatCompletionRequest, response: { 200: ChatCompletion } } },
        async (request, reply) => {
          const body = request.body as ChatCompletionRequest;
          const call = await gateway.prepare(request.user!, body);
          const gone = hangUp(reply);
          if (body.stream === true)
            return streamed(gateway, call, gone, reply, body.stream_options?.include_usage === true);
          const result = await readAll(gateway.answer(call, gone));
          if (result.kind === 'failed') throw providerFailed(result.reason);
          if (result.kind === 'cancelled') return reply;
          return completionOf(call.ids, result.read, result.usage);
        },
      );
    },
    { prefix: GATEWAY_PREFIX },
  );
}

/** Only a personal API key opens the gateway: tools hold one, never a browser's sign-in token. */
async function requireApiKey(request: FastifyRequest): Promise<void> {
  if (request.apiKeyId !== null) return;
  if (request.user)
    throw apiKeyRequired(
      'The gateway takes a personal API key, not a sign-in token: make one on your profile page.',
    );
  throw apiKeyRequired(
    'You did not provide an API key. Send a personal API key as "Authorization: Bearer KEY" (make one on your profile page).',
  );
}

/** Aborts when the caller hangs up before the answer is sent. */
function hangUp(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  if (reply.raw.destroyed) gone.abort();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

async function readAll(answer: AsyncGenerator<AnswerPiece, GatewayResult>): Promise<GatewayResult> {
  for (;;) {
    const step = await answer.next();
    if (step.done) return step.value;
  }
}

/** Server-Sent Events in OpenAI's chunk format, ending with `data: [DONE]`. */
async function streamed(
  gateway: GatewayService,
  call: GatewayCall,
  gone: AbortSignal,
  reply: FastifyReply,
  includeUsage: boolean,
): Promise<FastifyReply> {
  const answer = gateway.answer(call, gone);
  const first = answer.next();
  let timer: NodeJS.Timeout | undefined;
  const early = await Promise.race([
    first,
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), FIRST_PIECE_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  // Ended before a word arrived: a failure is answered as a plain error, before any stream.
  if (early?.done && early.value.kind === 'failed') throw providerFailed(early.value.reason);
  if (early?.done && early.value.kind === 'cancelled') return reply;

  const stream = openEventStream(reply);
  const ids = call.ids;
  stream.write(chunkFrame(ids, { role: 'assistant', content: '' }));
  try {
    // Inside the try: the stream has the reply now, so only its own error frame can answer.
    let step = early ?? (await first);
    while (!step.done) {
      const piece = step.value;
      stream.write(
        chunkFrame(ids, piece.type === 'delta' ? { content: piece.text } : { reasoning_content: piece.text }),
      );
      step = await answer.next();
    }
    const result = step.value;
    if (result.kind === 'answered') {
      stream.write(chunkFrame(ids, {}, finishReason(result.read)));
      if (includeUsage) stream.write(usageFrame(ids, result.usage));
      stream.write(DONE_FRAME);
    } else if (result.kind === 'failed') {
      // Mid-stream, an error event: OpenAI's clients raise it as an APIError.
      const { error } = gatewayErrorAnswer(providerFailed(result.reason), reply.request)[1];
      stream.write(dataFrame({ error }));
    }
  } catch (error) {
    reply.request.log.warn({ err: error }, 'a gateway stream ended with an error');
    const refusal = new GatewayRefusal(
      500,
      'The server had an error while processing your request.',
      'server_error',
      null,
    );
    stream.write(dataFrame(gatewayErrorAnswer(refusal, reply.request)[1]));
  } finally {
    stream.end();
  }
  return reply;
}
