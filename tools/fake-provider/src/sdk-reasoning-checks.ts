/**
 * The reasoning checks every provider family runs through its own AI SDK provider: a reply that
 * reasons first streams its reasoning before its text, and an unstreamed follow-up answers with
 * the reasoning part first while the fake leaves out the reasoning the provider sends back.
 */

import type { LanguageModelV3, SharedV3ProviderOptions } from '@ai-sdk/provider';
import { expect } from 'vitest';
import type { FakeProvider } from './index';
import {
  followUp,
  followUpMessages,
  question,
  REASONING_THEN_TEXT,
  reasoningReply,
  streamAnswer,
} from './sdk-support';

export interface ReasoningFamily {
  fake: FakeProvider;
  /** A fresh provider model pointed at the fake. */
  model: () => LanguageModelV3;
  /** The usage the provider reports for reasoningReply after a prompt of so many words. */
  usage: (inputTokens: number) => Record<string, unknown>;
}

/** Streams reasoningReply for the question: reasoning first, then text, in 6 chunks. */
export async function expectReasoningStreamedFirst({ fake, model, usage }: ReasoningFamily): Promise<void> {
  fake.enqueue(reasoningReply);
  const streamed = await streamAnswer(model(), question);
  expect(streamed).toMatchObject({
    reasoning: reasoningReply.reasoning,
    text: reasoningReply.text,
    order: REASONING_THEN_TEXT,
    usage: usage(5),
    errors: [],
  });
  expect(fake.requests[0]?.delivery).toEqual({ chunksSent: 6, complete: true });
}

export interface FollowUpOptions {
  /** The provider options the earlier reasoning carries, for a provider that sends it back. */
  sentBack?: SharedV3ProviderOptions;
  /** Provider options for the call itself. */
  callOptions?: SharedV3ProviderOptions;
  /** The provider metadata the answer's reasoning part must carry. */
  reasoningMetadata?: Record<string, unknown>;
  /** Whether the answer's content must equal the two parts exactly, with nothing more. */
  exactContent?: boolean;
}

/**
 * Answers followUp() unstreamed with reasoningReply: the reasoning part comes first, the usage
 * counts the 8 prompt words, and the fake's normalised messages leave the earlier reasoning out.
 * Resolves to the request body as sent, for the family's own wire-format checks.
 */
export async function expectFollowUpAnsweredUnstreamed(
  { fake, model, usage }: ReasoningFamily,
  { sentBack, callOptions, reasoningMetadata, exactContent = false }: FollowUpOptions = {},
): Promise<unknown> {
  fake.enqueue(reasoningReply);
  const result = await model().doGenerate({
    prompt: followUp(sentBack),
    ...(callOptions ? { providerOptions: callOptions } : {}),
  });
  const content = [
    {
      type: 'reasoning',
      text: reasoningReply.reasoning,
      ...(reasoningMetadata ? { providerMetadata: reasoningMetadata } : {}),
    },
    { type: 'text', text: reasoningReply.text },
  ];
  if (exactContent) expect(result.content).toEqual(content);
  else expect(result.content).toMatchObject(content);
  expect(result.usage).toMatchObject(usage(8));
  expect(fake.requests[0]?.messages).toEqual(followUpMessages);
  return fake.requests[0]?.body;
}
