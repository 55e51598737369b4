import type { Kysely } from 'kysely';

/**
 * Single sign-on (DESIGN 11). `sso_attempts`: each sign-in started at the provider, by the hash of
 * its state, with its nonce, PKCE verifier and redirect URI and the hash of the key its browser
 * holds, for ten minutes and one callback: any server process may finish what another started.
 * `sso_identities`: the provider's issuer and subject of each account that signed in so, so a
 * later sign-in finds the account whatever its e-mail has become.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is now
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_attempts')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('redirect_uri', 'varchar(2048)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_attempts_expiry_idx').on('sso_attempts').column('expires_at').execute();

  await db.schema
    .createTable('sso_identities')
    .addColumn('issuer', 'varchar(2048)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('sso_identities_user_idx').on('sso_identities').column('user_id').execute();
}
