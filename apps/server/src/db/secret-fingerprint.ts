import { createHmac } from 'node:crypto';
import { ConfigError } from '../env.js';
import type { Db } from './dialect.js';

const NAME = 'secret_fingerprint';

/** Says which key it is without saying anything of the key. */
export function fingerprintOf(secretKey: string): string {
  return createHmac('sha256', secretKey).update('caravanserai secret key fingerprint').digest('hex');
}

/**
 * The first process to start keeps its key's fingerprint in the database; every later one must
 * have the same key (DESIGN 9), or it refuses to start, naming the setting: with another key it
 * could not open a single stored API key, and wells created through it could not be opened by
 * the others.
 */
export async function checkSecretFingerprint(db: Db, secretKey: string): Promise<void> {
  const fingerprint = fingerprintOf(secretKey);
  await db.kysely
    .insertInto('instance')
    .values({ name: NAME, value: fingerprint })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await db.kysely
    .selectFrom('instance')
    .select('value')
    .where('name', '=', NAME)
    .executeTakeFirstOrThrow();
  if (stored.value !== fingerprint)
    throw new ConfigError(
      'SECRET_KEY is not the key this database was set up with: every server process on one database must be given the same SECRET_KEY',
    );
}
