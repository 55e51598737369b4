import type { SignedIn, TestServer } from '@caravanserai/test-kit';
import OpenAI from 'openai';

/** The official OpenAI client pointed at the gateway with the user's new personal API key. */
export async function gatewayClient(
  server: TestServer,
  user: SignedIn,
): Promise<{ openai: OpenAI; key: string }> {
  const { key } = await user.client.apiKeys.create({ name: 'gateway test' });
  return { openai: openaiWith(server, key), key };
}

/** The official client with any credential as its API key; it never retries, so a refusal is seen once. */
export function openaiWith(server: TestServer, apiKey: string): OpenAI {
  return new OpenAI({ apiKey, baseURL: `${server.origin}/v1`, maxRetries: 0 });
}

/** What the official client raised, with OpenAI's error fields. */
export async function refusal(promise: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OpenAI.APIError) return error;
    throw error;
  }
  throw new Error('expected the gateway to refuse, but the call succeeded');
}

/** The usage rows of a user, oldest first. */
export function usageOf(server: TestServer, userId: number) {
  return server.testDb.db.kysely
    .selectFrom('usage')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** How many entries every logbook holds together: the gateway writes none. */
export async function entryCount(server: TestServer): Promise<number> {
  const row = await server.testDb.db.kysely
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
