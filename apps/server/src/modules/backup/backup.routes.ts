import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';
import { receiveUpload, uploadRoutes } from '../imports/upload.js';

const NOT_A_BACKUP =
  'Not a Caravanserai backup: expected the zip that the export gives (GET /export/), with manifest.json inside.';

/** `GET /export/`: everything the user owns as a zip; `POST /export/restore/`: such a zip back in. */
export async function backupRoutes(app: FastifyInstance, services: Services): Promise<void> {
  addRoute(app, routes.backup.download, signedIn, async (request, reply) => {
    const backup = await services.backup.export(requireUser(request), request.log);
    return reply
      .type(routes.backup.download.response[200].contentType)
      .header('content-disposition', `attachment; filename="${backup.filename}"`)
      .header('cache-control', 'no-store')
      .send(backup.zip);
  });

  const limits = services.imports.uploadLimits;
  await uploadRoutes(app, limits, (scope) => {
    addRoute(scope, routes.backup.restore, signedIn, async (request) => {
      const user = requireUser(request);
      // A backup rebuilds its own journals, and brings back its owner's settings.
      return services.imports.start(user, {
        ...(await receiveUpload(request, limits)),
        journal: null,
        expect: { format: 'caravanserai-backup', message: NOT_A_BACKUP },
        restore: true,
      });
    });
  });
}
