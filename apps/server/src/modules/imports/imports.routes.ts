import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';
import { receiveUpload, uploadRoutes } from './upload.js';

/** `POST /import/` (multipart: `journal`, then `file`) and `GET /import/{job_id}/`. */
export async function importRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const limits = services.imports.uploadLimits;
  await uploadRoutes(app, limits, (scope) => {
    addRoute(scope, routes.imports.start, signedIn, async (request) => {
      const user = requireUser(request);
      const upload = await receiveUpload(request, limits, ({ journal }) =>
        services.imports.checkJournal(user, journal),
      );
      return services.imports.start(user, upload);
    });
  });

  addRoute(app, routes.imports.get, signedIn, async (request) =>
    services.imports.get(requireUser(request), request.params.job_id),
  );
}
