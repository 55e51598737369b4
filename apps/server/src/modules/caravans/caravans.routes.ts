import {
  CaravanInviteCreate,
  CaravanMemberUpdate,
  CaravanPolicyUpdate,
  CaravanUsageQuery,
  CaravanWellShare,
  CaravanWrite,
  Id,
} from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services.js';
import { usageCsv } from './caravans.presenter.js';

const CaravanParams = z.object({ id: Id });
const InviteParams = z.object({ invite_id: Id });
const MemberParams = z.object({ id: Id, username: z.string().min(1).max(150) });
const WellParams = z.object({ id: Id, wellid: Id });

/** Every caravan call (docs/ARCHITECTURE.md, Caravans). Access and rules live in the services. */
export async function caravanRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { caravans, caravanMembers: members, caravanUsage: usage } = services;

  r.get('/caravans/', signedIn, async (request) => caravans.list(requireUser(request)));
  r.post('/caravans/', { ...signedIn, schema: { body: CaravanWrite } }, async (request, reply) =>
    reply.status(201).send(await caravans.create(requireUser(request), request.body)),
  );

  r.get('/caravans/invites/', signedIn, async (request) => members.pending(requireUser(request)));
  r.post(
    '/caravans/invites/:invite_id/accept/',
    { ...signedIn, schema: { params: InviteParams } },
    async (request) => members.accept(requireUser(request), request.params.invite_id),
  );
  r.post(
    '/caravans/invites/:invite_id/decline/',
    { ...signedIn, schema: { params: InviteParams } },
    async (request, reply) => {
      await members.decline(requireUser(request), request.params.invite_id);
      return reply.status(204).send();
    },
  );

  r.get('/caravans/:id/', { ...signedIn, schema: { params: CaravanParams } }, async (request) =>
    caravans.detail(requireUser(request), request.params.id),
  );
  r.put(
    '/caravans/:id/',
    { ...signedIn, schema: { params: CaravanParams, body: CaravanWrite } },
    async (request) => caravans.rename(requireUser(request), request.params.id, request.body),
  );
  r.delete('/caravans/:id/', { ...signedIn, schema: { params: CaravanParams } }, async (request, reply) => {
    await caravans.remove(requireUser(request), request.params.id);
    return reply.status(204).send();
  });

  r.post(
    '/caravans/:id/invites/',
    { ...signedIn, schema: { params: CaravanParams, body: CaravanInviteCreate } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await members.invite(requireUser(request), request.params.id, request.body.username)),
  );
  r.delete(
    '/caravans/:id/members/:username/',
    { ...signedIn, schema: { params: MemberParams } },
    async (request, reply) => {
      await members.remove(requireUser(request), request.params.id, request.params.username);
      return reply.status(204).send();
    },
  );
  r.put(
    '/caravans/:id/members/:username/',
    { ...signedIn, schema: { params: MemberParams, body: CaravanMemberUpdate } },
    async (request) =>
      members.setRole(requireUser(request), request.params.id, request.params.username, request.body.role),
  );

  r.post(
    '/caravans/:id/wells/',
    { ...signedIn, schema: { params: CaravanParams, body: CaravanWellShare } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await caravans.shareWell(requireUser(request), request.params.id, request.body.wellid)),
  );
  r.delete(
    '/caravans/:id/wells/:wellid/',
    { ...signedIn, schema: { params: WellParams } },
    async (request, reply) => {
      await caravans.unshareWell(requireUser(request), request.params.id, request.params.wellid);
      return reply.status(204).send();
    },
  );

  r.put(
    '/caravans/:id/policy/',
    { ...signedIn, schema: { params: CaravanParams, body: CaravanPolicyUpdate } },
    async (request) => caravans.setPolicy(requireUser(request), request.params.id, request.body),
  );

  r.get(
    '/caravans/:id/usage/',
    { ...signedIn, schema: { params: CaravanParams, querystring: CaravanUsageQuery } },
    async (request, reply) => {
      const summary = await usage.summary(requireUser(request), request.params.id, request.query);
      if (request.query.format !== 'csv') return summary;
      const name = `caravan-usage-${summary.group_by}-${summary.from}-${summary.to}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(usageCsv(summary));
    },
  );
  r.get('/caravans/:id/audit/', { ...signedIn, schema: { params: CaravanParams } }, async (request) =>
    usage.auditLog(requireUser(request), request.params.id),
  );
}
