import type { Db } from '../../db/dialect.js';
import type { Listening } from '../../db/pg-listener.js';
import type { RedisConnection } from '../../lib/redis.js';

/** The channel a Stop is announced on; its payload is `logid/qid`. */
export const STOP_CHANNEL = 'caravanserai_query_stop';
/** The Redis channel (after the server's Redis prefix), same payload. */
export const REDIS_STOP_CHANNEL = 'query-stop';

type OnStop = (logid: string, qid: string) => void;

/**
 * How a Stop reaching one server process is told to all the others. A message may be lost (a
 * connection dropped meanwhile): the stored flag in the call's row is what a running call also
 * checks, so the channel only makes a Stop quick.
 */
export interface StopChannel {
  /** Hears every process's Stops until closed. */
  listen(onStop: OnStop): Promise<Listening>;
  /** Tells every process, this one too, to stop the query if it runs there. */
  send(logid: string, qid: string): Promise<void>;
}

/** PostgreSQL's NOTIFY, heard through a LISTENing connection of the process's own. */
export function postgresStopChannel(db: Db): StopChannel {
  return {
    listen: (onStop) => db.listen(STOP_CHANNEL, (payload) => heard(payload, onStop)),
    send: (logid, qid) => db.notify(STOP_CHANNEL, `${logid}/${qid}`),
  };
}

/** Redis's PUBLISH, heard on the process's subscriber connection (REDIS_URL). */
export function redisStopChannel(redis: RedisConnection): StopChannel {
  return {
    listen: (onStop) => redis.subscribe(REDIS_STOP_CHANNEL, (message) => heard(message, onStop)),
    send: (logid, qid) => redis.publish(REDIS_STOP_CHANNEL, `${logid}/${qid}`),
  };
}

function heard(payload: string, onStop: OnStop): void {
  const slash = payload.indexOf('/');
  if (slash > 0) onStop(payload.slice(0, slash), payload.slice(slash + 1));
}
