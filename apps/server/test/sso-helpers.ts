import type { SsoStarted } from '@caravanserai/api';
import type { TestServer } from '@caravanserai/test-kit';
import type { OidcProvider, ProviderAnswer } from '@caravanserai/test-kit/oidc';

let seq = 0;
/** A login at the provider no other test of the run uses. */
export const uniqueLogin = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;

/** An attempt started at the server and signed in at the provider: what the callback page holds. */
export interface SignedInAtProvider {
  started: SsoStarted;
  answer: ProviderAnswer;
  /** The callback's body, as the web app's page sends it. */
  body: { state: string; browser_key: string; code?: string; iss?: string };
}

/** Starts a sign-in at the server and signs `login` in at the provider, stopping before the callback. */
export async function atProvider(
  server: TestServer,
  idp: OidcProvider,
  login: string,
): Promise<SignedInAtProvider> {
  const started = await server.client().sso.start();
  const answer = await idp.signIn(started.authorization_url, login);
  if (!answer.state) throw new Error(`the provider sent no state back: ${answer.url.href}`);
  const body = {
    state: answer.state,
    browser_key: started.browser_key,
    ...(answer.code !== undefined && { code: answer.code }),
    ...(answer.iss !== undefined && { iss: answer.iss }),
  };
  return { started, answer, body };
}

/** The whole round trip: the sign-in token the server issues, or the call's ApiError. */
export async function signInBySso(server: TestServer, idp: OidcProvider, login: string): Promise<string> {
  const { body } = await atProvider(server, idp, login);
  return (await server.client().sso.callback(body)).key;
}

/** What a refusal must leave as it was: accounts, tokens and remembered identities. */
export async function accountState(server: TestServer) {
  const db = server.testDb.db.kysely;
  const users = await db.selectFrom('users').selectAll().orderBy('id').execute();
  const tokens = await db
    .selectFrom('tokens')
    .select(['token_hash', 'user_id'])
    .orderBy('token_hash')
    .execute();
  const identities = await db.selectFrom('sso_identities').selectAll().orderBy('subject').execute();
  return { users, tokens, identities };
}
