import { Id, JournalWrite } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireUser, signedIn } from '../../plugins/auth.js';

const JidParams = z.object({ jid: Id });

export async function journalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/journals/', signedIn, async (request) => ctx.journals.list(requireUser(request)));

  r.post('/journals/', { ...signedIn, schema: { body: JournalWrite } }, async (request, reply) => {
    const journal = await ctx.journals.create(requireUser(request), request.body);
    return reply.status(201).send(journal);
  });

  r.get('/journals/:jid/', { ...signedIn, schema: { params: JidParams } }, async (request) =>
    ctx.journals.get(requireUser(request), request.params.jid),
  );

  const update = { ...signedIn, schema: { params: JidParams, body: JournalWrite } };
  r.put('/journals/:jid/', update, async (request) =>
    ctx.journals.update(requireUser(request), request.params.jid, request.body),
  );
  r.patch('/journals/:jid/', update, async (request) =>
    ctx.journals.update(requireUser(request), request.params.jid, request.body),
  );

  r.delete('/journals/:jid/', { ...signedIn, schema: { params: JidParams } }, async (request, reply) => {
    await ctx.journals.remove(requireUser(request), request.params.jid);
    return reply.status(204).send();
  });
}
