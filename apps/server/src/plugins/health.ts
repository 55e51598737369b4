import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/dialect.js';
import { pendingMigrations } from '../db/migrate.js';

/** What the process's readiness rests on besides its database. */
export interface HealthState {
  /** The process is going away: a load balancer should send it nothing new. */
  draining: boolean;
  /**
   * What it still has to do before it serves once its database is at this release (check the
   * secret key against it), said as /readyz's reason; null when nothing.
   */
  awaiting: string | null;
}

/**
 * `GET /livez` (the process answers) and `GET /readyz` (it can serve: the database answers, its
 * migrations are at this release's head, the process has checked its secret key against it, and
 * it is not shutting down), outside the API prefix,
 * for load balancers and orchestrators (DESIGN 9). Each answers 200, or 503 with the reason.
 */
export function registerHealth(app: FastifyInstance, db: Db, state: HealthState): void {
  app.get('/livez', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const reason = await notReady(db, state);
    if (reason === null) return { status: 'ready' };
    return reply.code(503).send({ status: 'unavailable', reason });
  });
}

async function notReady(db: Db, state: HealthState): Promise<string | null> {
  if (state.draining) return 'The server is shutting down.';
  try {
    await sql`select 1`.execute(db.kysely);
  } catch {
    return 'The database does not answer.';
  }
  const pending = await pendingMigrations(db).catch(() => -1);
  if (pending < 0) return 'The migrations could not be read.';
  if (pending > 0)
    return `The database is ${pending} migration${pending === 1 ? '' : 's'} behind this release.`;
  return state.awaiting;
}
