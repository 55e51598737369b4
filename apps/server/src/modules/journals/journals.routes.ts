import { Id, JournalWrite } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services.js';

const JidParams = z.object({ jid: Id });

export async function journalRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/journals/', signedIn, async (request) => services.journals.list(requireUser(request)));

  r.post('/journals/', { ...signedIn, schema: { body: JournalWrite } }, async (request, reply) => {
    const journal = await services.journals.create(requireUser(request), request.body);
    return reply.status(201).send(journal);
  });

  r.get('/journals/:jid/', { ...signedIn, schema: { params: JidParams } }, async (request) =>
    services.journals.get(requireUser(request), request.params.jid),
  );

  const update = { ...signedIn, schema: { params: JidParams, body: JournalWrite } };
  r.put('/journals/:jid/', update, async (request) =>
    services.journals.update(requireUser(request), request.params.jid, request.body),
  );
  r.patch('/journals/:jid/', update, async (request) =>
    services.journals.update(requireUser(request), request.params.jid, request.body),
  );

  r.delete('/journals/:jid/', { ...signedIn, schema: { params: JidParams } }, async (request, reply) => {
    await services.journals.remove(requireUser(request), request.params.jid);
    return reply.status(204).send();
  });
}
