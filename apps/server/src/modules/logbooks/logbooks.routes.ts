import { Counter, Id, LogbookCreate, LogbookUpdate, LogWrite, TagSubmit } from '@caravanserai/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../errors.js';
import { requireUser, signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services.js';

const LogidParams = z.object({ logid: Id });

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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = { ...signedIn, schema: { params: LogidParams } };

  r.get('/journals/logbooks/', signedIn, async (request) => services.logbooks.list(requireUser(request)));

  r.post('/journals/logbooks/', { ...signedIn, schema: { body: LogbookCreate } }, async (request, reply) => {
    const logbook = await services.logbooks.create(requireUser(request), request.body);
    return reply.status(201).send(logbook);
  });

  // Public logbooks are readable signed out, so this one route does not require a user.
  r.get('/journals/logbooks/:logid/', { schema: { params: LogidParams } }, async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(await services.logbooks.getJson(request.user, request.params.logid)),
  );

  r.get('/journals/logbooks/:logid/version/', { schema: { params: LogidParams } }, async (request) =>
    services.logbooks.version(request.user, request.params.logid),
  );

  for (const method of ['put', 'patch'] as const) {
    r[method](
      '/journals/logbooks/:logid/',
      { ...signedIn, schema: { params: LogidParams, body: LogbookUpdate } },
      async (request) =>
        services.logbooks.update(
          requireUser(request),
          request.params.logid,
          request.body,
          ifMatchVersion(request),
        ),
    );
  }

  r.delete('/journals/logbooks/:logid/', one, async (request, reply) => {
    await services.logbooks.remove(requireUser(request), request.params.logid);
    return reply.status(204).send();
  });

  r.post('/journals/logbooks/:logid/touch/', one, async (request) =>
    services.logbooks.touch(requireUser(request), request.params.logid),
  );

  r.post(
    '/journals/logbooks/:logid/update_log/',
    { ...signedIn, schema: { params: LogidParams, body: LogWrite } },
    async (request) =>
      services.logbooks.writeLog(
        requireUser(request),
        request.params.logid,
        request.body.log,
        request.body.version ?? ifMatchVersion(request),
      ),
  );

  r.post('/journals/logbooks/:logid/fork/', one, async (request, reply) => {
    const fork = await services.logbooks.fork(requireUser(request), request.params.logid);
    return reply.status(201).send(fork);
  });

  r.post('/journals/tag/submit/', { ...signedIn, schema: { body: TagSubmit } }, async (request) =>
    services.entries.submitTag(requireUser(request), request.body),
  );
}
