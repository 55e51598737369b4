import { existsSync } from 'node:fs';
import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { HttpError, NotFound } from '../../errors.js';
import { signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';
import { isPackageFile, mapperPackage } from './mapper-package.js';
import { publicOrigin } from './public-origin.js';

export async function downloadRoutes(app: FastifyInstance, services: Services): Promise<void> {
  if (services.config.trustProxy > 0 && !services.config.publicOrigin)
    app.log.warn(
      "TRUST_PROXY is set but PUBLIC_ORIGIN is not: terminal packages will name this server's own address",
    );
  addRoute(app, routes.download.mapperPackage, signedIn, async (request, reply) => {
    const { filename } = request.params;
    // Only the two package names exist: nothing else, and no path, can be asked for.
    if (!isPackageFile(filename)) throw NotFound('No such download.');
    if (!existsSync(services.config.cliBundle)) {
      throw new HttpError(
        503,
        'not_built',
        'The terminal package is not built on this server: run `npm run build`.',
      );
    }
    const type = filename.endsWith('.zip') ? 'application/zip' : 'application/gzip';
    return reply
      .type(type)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(
        mapperPackage(
          filename,
          services.config.cliBundle,
          publicOrigin(request, services.config),
          services.config.apiPrefix,
        ),
      );
  });
}
