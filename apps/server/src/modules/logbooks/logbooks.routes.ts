import { Counter, routes } from '@caravanserai/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError } from '../../errors.js';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';
import { streamLogbookEvents } from './logbook-events.js';

/** `If-Match: "7"` (or 7) names the version the client last saw. */
function ifMatchVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const version = Counter.positive().safeParse(
    Number(String(header).replace(/^W\//, '').replace(/"/g, '').trim()),
  );
  if (!version.success) throw fieldError('If-Match', 'Expected a logbook version number.');
  return version.data;
}

export async function logbookRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { logbooks: route, entries } = routes;

  addRoute(app, route.list, signedIn, async (request) => services.logbooks.list(requireUser(request)));

  addRoute(app, route.create, signedIn, async (request) =>
    services.logbooks.create(requireUser(request), request.body),
  );

  // Public logbooks are readable signed out, so this one route does not require a user. The
  // service writes the JSON itself from the presenter's Logbook and the cached log, sent as is.
  addRoute(app, route.get, {}, async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(await services.logbooks.getJson(request.user, request.params.logid)),
  );

  addRoute(app, route.overview, {}, async (request) =>
    services.logbooks.overview(request.user, request.params.logid),
  );

  addRoute(app, route.tokens, {}, async (request) =>
    services.logbooks.tokens(request.user, request.params.logid),
  );

  addRoute(app, route.version, {}, async (request) =>
    services.logbooks.version(request.user, request.params.logid),
  );

  addRoute(app, route.events, {}, async (request, reply) => {
    await streamLogbookEvents(
      reply,
      services.logbookSignals,
      (viewer, logid) => services.logbooks.version(viewer, logid),
      request.user,
      request.params.logid,
    );
    return reply;
  });

  for (const update of [route.update, route.patch]) {
    addRoute(app, update, signedIn, async (request) =>
      services.logbooks.update(
        requireUser(request),
        request.params.logid,
        request.body,
        ifMatchVersion(request),
      ),
    );
  }

  addRoute(app, route.remove, signedIn, async (request) => {
    await services.logbooks.remove(requireUser(request), request.params.logid);
  });

  addRoute(app, route.touch, signedIn, async (request) =>
    services.logbooks.touch(requireUser(request), request.params.logid),
  );

  addRoute(app, route.updateLog, signedIn, async (request) =>
    services.logbooks.writeLog(
      requireUser(request),
      request.params.logid,
      request.body.log,
      request.body.version ?? ifMatchVersion(request),
    ),
  );

  // Whoever may read the logbook may read its pages, signed in or not, as with the logbook itself.
  addRoute(app, route.entries, {}, async (request) =>
    services.branches.page(request.user, request.params.logid, request.query),
  );

  addRoute(app, route.head, signedIn, async (request) =>
    services.branches.setHead(requireUser(request), request.params.logid, request.body.eid),
  );

  addRoute(app, route.fork, signedIn, async (request) =>
    services.logbooks.fork(requireUser(request), request.params.logid),
  );

  addRoute(app, entries.write, signedIn, async (request) =>
    services.entries.submitTag(requireUser(request), request.body),
  );
}
