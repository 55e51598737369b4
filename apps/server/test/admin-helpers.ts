import { ApiClient } from '@caravanserai/api';
import { PASSWORD, type SignedIn, type TestServer } from '@caravanserai/test-kit';
import { hashPassword } from '../src/modules/auth/password.js';

/** The administrators the admin tests name in ADMIN_USERNAMES (one written in other letters). */
export const ADMINS = ['root', 'Vizier'];

/** Registers a user with exactly this name (ADMIN_USERNAMES names them) and signs them in. */
export async function registerNamed(
  server: TestServer,
  username: string,
  invite?: string,
): Promise<SignedIn> {
  const { key } = await server.client().auth.register({
    username,
    email: `${username.toLowerCase()}@example.com`,
    password1: PASSWORD,
    password2: PASSWORD,
    ...(invite ? { invite } : {}),
  });
  const client = new ApiClient({ baseUrl: server.baseUrl, token: key });
  const me = await client.auth.user();
  return { client, username, token: key, pk: me.pk };
}

/**
 * An account put straight into the database, then signed in through the API: how the first
 * administrator of a server that takes no registrations comes to exist in a test.
 */
export async function seededAccount(server: TestServer, username: string): Promise<SignedIn> {
  await server.testDb.db.kysely
    .insertInto('users')
    .values({
      username,
      username_key: username.toLowerCase(),
      email: `${username.toLowerCase()}@example.com`,
      password_hash: await hashPassword(PASSWORD),
      role: 'Pilgrim',
      location: '',
      is_system: 0,
      created_at: Date.now(),
    })
    .execute();
  const { key } = await server.client().auth.login({ username, password: PASSWORD });
  const client = new ApiClient({ baseUrl: server.baseUrl, token: key });
  return { client, username, token: key, pk: (await client.auth.user()).pk };
}
