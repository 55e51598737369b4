import type { LogbookVersion } from '@caravanserai/api';
import type { FastifyReply } from 'fastify';
import type { UserRow } from '../../db/database.js';
import { type EventStream, openEventStream } from '../../lib/event-stream.js';
import type { LogbookSignals } from './logbook-signals.js';

/** The one event of a logbook's stream: its version marker, as `GET .../version/` answers it. */
export function formatVersionEvent(marker: LogbookVersion): string {
  return `event: version\ndata: ${JSON.stringify(marker)}\n\n`;
}

const sameMarker = (a: LogbookVersion, b: LogbookVersion) =>
  a.version === b.version && a.title === b.title && a.head === b.head;

type ReadMarker = (viewer: UserRow | null, logid: string) => Promise<LogbookVersion>;

/**
 * `GET /journals/logbooks/{logid}/events/` (DESIGN 9): the marker at once, then again whenever a
 * write on any server process changes it. Each announcement leads to one read of the marker, as
 * the viewer may see it (a read already running is followed by one more, never by a queue), so a
 * viewer who lost the right to read the logbook, or a deleted logbook, ends the stream. Refusals
 * come before the stream opens, as plain JSON errors.
 */
export async function streamLogbookEvents(
  reply: FastifyReply,
  signals: LogbookSignals,
  read: ReadMarker,
  viewer: UserRow | null,
  logid: string,
): Promise<void> {
  let stream: EventStream | undefined;
  let heardEarly = false;
  let last: LogbookVersion;
  let reading = false;
  let again = false;
  const readAgain = async (open: EventStream) => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const marker = await read(viewer, logid);
        if (!sameMarker(marker, last)) open.write(formatVersionEvent(marker));
        last = marker;
      } while (again);
    } catch {
      // Gone or no longer readable: the page learns it from the version call it falls back to.
      open.end();
    } finally {
      reading = false;
    }
  };
  // Listening before the first read, so a change between the two is not missed.
  const unsubscribe = signals.subscribe(logid, {
    changed: () => {
      if (stream) void readAgain(stream);
      else heardEarly = true;
    },
    end: () => stream?.end(),
  });
  try {
    last = await read(viewer, logid);
    stream = openEventStream(reply);
  } catch (error) {
    unsubscribe();
    throw error;
  }
  stream.onClose(unsubscribe);
  stream.write(formatVersionEvent(last));
  if (heardEarly) void readAgain(stream);
}
