import { Id } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services.js';
import { receiveUpload, uploadRoutes } from './upload.js';

const JobParams = z.object({ job_id: Id });

/** `POST /import/` (multipart: `journal`, then `file`) and `GET /import/{job_id}/`. */
export async function importRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const limits = services.imports.uploadLimits;
  await uploadRoutes(app, limits, (scope) => {
    scope.post('/import/', signedIn, async (request, reply) => {
      const user = requireUser(request);
      const upload = await receiveUpload(request, limits, ({ journal }) =>
        services.imports.checkJournal(user, journal),
      );
      const started = await services.imports.start(user, upload, request.log);
      return reply.status(202).send(started);
    });
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/import/:job_id/', { ...signedIn, schema: { params: JobParams } }, async (request) =>
      services.imports.get(requireUser(request), request.params.job_id),
    );
}
