import pg from 'pg';

/** A subscription to a notification channel; `close` ends it. */
export interface Listening {
  close(): Promise<void>;
}

const REOPEN_AFTER_MS = 1000;

/**
 * LISTENs on `channel` through one connection of its own (a pooled one would be handed to other
 * queries, and lose the subscription). A dropped connection is opened again a second later;
 * what was notified meanwhile is lost, so a listener must not count on every notification.
 */
export async function listenOn(
  config: pg.ClientConfig,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<Listening> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const reopenLater = () => {
    if (closed) return;
    retry = setTimeout(() => open().catch(reopenLater), REOPEN_AFTER_MS);
    retry.unref();
  };
  const open = async () => {
    const connection = new pg.Client(config);
    connection.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    // An error ends the connection: 'end' follows, and opens another.
    connection.on('error', () => undefined);
    connection.on('end', () => {
      if (client !== connection) return;
      client = null;
      reopenLater();
    });
    try {
      await connection.connect();
      await connection.query(`listen ${connection.escapeIdentifier(channel)}`);
    } catch (error) {
      await connection.end().catch(() => undefined);
      throw error;
    }
    if (closed) await connection.end();
    else client = connection;
  };

  await open();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const connection = client;
      client = null;
      await connection?.end();
    },
  };
}
