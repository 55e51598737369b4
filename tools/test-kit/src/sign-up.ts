import type { ApiClient } from '@caravanserai/api';

export const PASSWORD = 'correct-horse-battery';

export interface SignedIn {
  client: ApiClient;
  username: string;
  token: string;
  pk: number;
}

/**
 * Registers `username` (password PASSWORD, email `<username>@example.com`) through an anonymous
 * client from `client`, and returns a client signed in with the new token, and the user's pk.
 */
export async function signUp(
  client: (token?: string | null) => ApiClient,
  username: string,
): Promise<SignedIn> {
  const { key } = await client().auth.register({
    username,
    email: `${username}@example.com`,
    password1: PASSWORD,
    password2: PASSWORD,
  });
  const signedIn = client(key);
  const me = await signedIn.auth.user();
  return { client: signedIn, username, token: key, pk: me.pk };
}
