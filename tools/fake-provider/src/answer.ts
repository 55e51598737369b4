import type { ServerResponse } from 'node:http';
import type { RequestContext } from './families/family-adapter';
import { sendJson } from './http-io';
import { echoText, type PlanInput, planReply } from './reply-plan';
import type { Route } from './routes';
import { writeStream } from './stream-writer';
import type { RecordedRequest, Script } from './types';

type ReplyScript = Extract<Script, { kind: 'reply' }>;

function replyOverrides(
  script: ReplyScript,
): Pick<PlanInput, 'reasoning' | 'chunks' | 'inputTokens' | 'outputTokens' | 'reportUsage' | 'atLength'> {
  return {
    ...(script.atLength !== undefined ? { atLength: script.atLength } : {}),
    ...(script.reasoning !== undefined ? { reasoning: script.reasoning } : {}),
    ...(script.reportUsage !== undefined ? { reportUsage: script.reportUsage } : {}),
    ...(script.chunks !== undefined ? { chunks: script.chunks } : {}),
    ...(script.inputTokens !== undefined ? { inputTokens: script.inputTokens } : {}),
    ...(script.outputTokens !== undefined ? { outputTokens: script.outputTokens } : {}),
  };
}

/** How the echo reply is sent: the pause between its streamed pieces, and any reasoning first. */
export interface EchoStyle {
  delayMs: number;
  reasoning?: string;
}

/** Carries out one script (undefined: the echo reply, in the given style) for an accepted request. */
export async function answer(
  route: Route,
  context: RequestContext,
  script: Script | undefined,
  sequence: number,
  response: ServerResponse,
  recorded: RecordedRequest,
  echo: EchoStyle = { delayMs: 0 },
): Promise<void> {
  const { adapter } = route;
  if (script?.kind === 'error') {
    sendJson(response, script.status, adapter.errorBody(script.status, script.message));
    return;
  }
  if (script?.kind === 'hang') return;
  const stream = route.kind === 'generate' && adapter.isStream(context);
  if (script?.kind === 'drop' && !stream) {
    response.socket?.destroy();
    return;
  }
  if (route.kind === 'models') {
    sendJson(response, 200, adapter.modelList());
    return;
  }
  const messages = adapter.messages(context.body);
  const plan = planReply({
    sequence,
    model: adapter.model(context),
    messages,
    text: script?.text ?? echoText(messages),
    ...(script === undefined && echo.reasoning !== undefined ? { reasoning: echo.reasoning } : {}),
    ...(script?.kind === 'reply' ? replyOverrides(script) : {}),
  });
  if (!stream) {
    sendJson(response, 200, adapter.reply(plan, context));
    return;
  }
  recorded.delivery = await writeStream(response, adapter.stream(plan, context), {
    delayMs: script?.kind === 'reply' ? (script.chunkDelayMs ?? 0) : script === undefined ? echo.delayMs : 0,
    ...(script?.kind === 'drop' ? { dropAfter: script.afterChunks } : {}),
  });
}
