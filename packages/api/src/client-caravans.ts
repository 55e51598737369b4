import { z } from 'zod';
import type { ApiClient } from './client.js';
import { seg } from './path-segment.js';
import {
  Caravan,
  CaravanAuditEntry,
  CaravanInvite,
  type CaravanInviteCreate,
  type CaravanMemberUpdate,
  CaravanPolicy,
  type CaravanPolicyUpdate,
  CaravanSummary,
  CaravanUsage,
  type CaravanUsageQuery,
  type CaravanWellShare,
  type CaravanWrite,
  PendingInvite,
} from './schemas/caravans.js';

function usagePath(caravanId: string, query: CaravanUsageQuery): string {
  const search = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `/caravans/${seg(caravanId)}/usage/${search ? `?${search}` : ''}`;
}

/** The caravan calls of the client. */
export function caravanCalls(client: ApiClient) {
  const base = (id: string) => `/caravans/${seg(id)}`;
  return {
    list: () => client.request(z.array(CaravanSummary), 'GET', '/caravans/'),
    /** With payments on, only a Sultan may (403 otherwise). */
    create: (body: CaravanWrite) => client.request(Caravan, 'POST', '/caravans/', { body }),
    get: (id: string) => client.request(Caravan, 'GET', `${base(id)}/`),
    rename: (id: string, body: CaravanWrite) => client.request(Caravan, 'PUT', `${base(id)}/`, { body }),
    remove: (id: string) => client.raw('DELETE', `${base(id)}/`).then(() => undefined),
    invite: (id: string, body: CaravanInviteCreate) =>
      client.request(CaravanInvite, 'POST', `${base(id)}/invites/`, { body }),
    /** The caller's pending invites. */
    invites: () => client.request(z.array(PendingInvite), 'GET', '/caravans/invites/'),
    accept: (inviteId: string) =>
      client.request(Caravan, 'POST', `/caravans/invites/${seg(inviteId)}/accept/`),
    decline: (inviteId: string) =>
      client.raw('POST', `/caravans/invites/${seg(inviteId)}/decline/`).then(() => undefined),
    /** A leader removes anyone; a member only themself (leaving). */
    removeMember: (id: string, username: string) =>
      client.raw('DELETE', `${base(id)}/members/${seg(username)}/`).then(() => undefined),
    setRole: (id: string, username: string, body: CaravanMemberUpdate) =>
      client.request(Caravan, 'PUT', `${base(id)}/members/${seg(username)}/`, { body }),
    shareWell: (id: string, body: CaravanWellShare) =>
      client.request(Caravan, 'POST', `${base(id)}/wells/`, { body }),
    unshareWell: (id: string, wellid: string) =>
      client.raw('DELETE', `${base(id)}/wells/${seg(wellid)}/`).then(() => undefined),
    setPolicy: (id: string, body: CaravanPolicyUpdate) =>
      client.request(CaravanPolicy, 'PUT', `${base(id)}/policy/`, { body }),
    usage: (id: string, query: Omit<CaravanUsageQuery, 'format'> = {}) =>
      client.request(CaravanUsage, 'GET', usagePath(id, query)),
    /** The same figures as CSV text with a header row. */
    usageCsv: async (id: string, query: Omit<CaravanUsageQuery, 'format'> = {}) => {
      const response = await client.raw('GET', usagePath(id, { ...query, format: 'csv' }), {
        headers: { Accept: 'text/csv' },
      });
      return response.text();
    },
    audit: (id: string) => client.request(z.array(CaravanAuditEntry), 'GET', `${base(id)}/audit/`),
  };
}
