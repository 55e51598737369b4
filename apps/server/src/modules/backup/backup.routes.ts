import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services.js';
import { receiveUpload, uploadRoutes } from '../imports/upload.js';

const NOT_A_BACKUP =
  'Not a Caravanserai backup: expected the zip that the export gives (GET /export/), with manifest.json inside.';

/** `GET /export/`: everything the user owns as a zip; `POST /export/restore/`: such a zip back in. */
export async function backupRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.get('/export/', signedIn, async (request, reply) => {
    const backup = await services.backup.export(requireUser(request), request.log);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${backup.filename}"`)
      .header('cache-control', 'no-store')
      .send(backup.zip);
  });

  const limits = services.imports.uploadLimits;
  await uploadRoutes(app, limits, (scope) => {
    scope.post('/export/restore/', signedIn, async (request, reply) => {
      const user = requireUser(request);
      const upload = await receiveUpload(request, limits);
      const started = await services.imports.start(
        user,
        // A backup rebuilds its own journals.
        { ...upload, journal: null, expect: { format: 'caravanserai-backup', message: NOT_A_BACKUP } },
        request.log,
      );
      return reply.status(202).send(started);
    });
  });
}
