import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';
import { usageCsv } from './caravans.presenter.js';

/** Every caravan call (docs/ARCHITECTURE.md, Caravans). Access and rules live in the services. */
export async function caravanRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const route = routes.caravans;
  const { caravans, caravanMembers: members, caravanUsage: usage } = services;

  addRoute(app, route.list, signedIn, async (request) => caravans.list(requireUser(request)));
  addRoute(app, route.create, signedIn, async (request) =>
    caravans.create(requireUser(request), request.body),
  );

  addRoute(app, route.invites, signedIn, async (request) => members.pending(requireUser(request)));
  addRoute(app, route.accept, signedIn, async (request) =>
    members.accept(requireUser(request), request.params.invite_id),
  );
  addRoute(app, route.decline, signedIn, async (request) => {
    await members.decline(requireUser(request), request.params.invite_id);
  });

  addRoute(app, route.get, signedIn, async (request) =>
    caravans.detail(requireUser(request), request.params.id),
  );
  addRoute(app, route.rename, signedIn, async (request) =>
    caravans.rename(requireUser(request), request.params.id, request.body),
  );
  addRoute(app, route.remove, signedIn, async (request) => {
    await caravans.remove(requireUser(request), request.params.id);
  });

  addRoute(app, route.invite, signedIn, async (request) =>
    members.invite(requireUser(request), request.params.id, request.body.username),
  );
  addRoute(app, route.removeMember, signedIn, async (request) => {
    await members.remove(requireUser(request), request.params.id, request.params.username);
  });
  addRoute(app, route.setRole, signedIn, async (request) =>
    members.setRole(requireUser(request), request.params.id, request.params.username, request.body.role),
  );

  addRoute(app, route.shareWell, signedIn, async (request) =>
    caravans.shareWell(requireUser(request), request.params.id, request.body.wellid),
  );
  addRoute(app, route.unshareWell, signedIn, async (request) => {
    await caravans.unshareWell(requireUser(request), request.params.id, request.params.wellid);
  });

  addRoute(app, route.setPolicy, signedIn, async (request) =>
    caravans.setPolicy(requireUser(request), request.params.id, request.body),
  );

  addRoute(app, route.usage, signedIn, async (request, reply) => {
    const summary = await usage.summary(requireUser(request), request.params.id, request.query);
    if (request.query.format !== 'csv') return summary;
    const name = `caravan-usage-${summary.group_by}-${summary.from}-${summary.to}.csv`;
    return reply
      .header('content-type', `${route.usage.formats.csv.contentType}; charset=utf-8`)
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(usageCsv(summary));
  });
  addRoute(app, route.audit, signedIn, async (request) =>
    usage.auditLog(requireUser(request), request.params.id),
  );
}
