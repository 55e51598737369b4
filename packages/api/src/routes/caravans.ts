import { z } from 'zod';
import { defineRoute, text } from '../route.js';
import {
  Caravan,
  CaravanAuditEntry,
  CaravanInvite,
  CaravanInviteCreate,
  CaravanMemberUpdate,
  CaravanPolicy,
  CaravanPolicyUpdate,
  CaravanSummary,
  CaravanUsage,
  CaravanUsageQuery,
  CaravanWellShare,
  CaravanWrite,
  PendingInvite,
} from '../schemas/caravans.js';
import { Id } from '../schemas/common.js';

const ALL = '/caravans/';
const ONE = '/caravans/:id/';
const INVITE = '/caravans/invites/:invite_id/';
const MEMBER = `${ONE}members/:username/`;
const WELLS = `${ONE}wells/`;
const caravan = z.object({ id: Id });
const invite = z.object({ invite_id: Id });
const member = z.object({ id: Id, username: z.string().min(1).max(150) });
const DENIED = ['not_authenticated', 'not_found', 'permission_denied'] as const;
const WRITE = [...DENIED, 'invalid', 'conflict'] as const;

/** Caravans: members, invites, shared wells, policy, usage and audit. */
export const caravanRoutes = {
  list: defineRoute({
    method: 'GET',
    path: ALL,
    response: { 200: z.array(CaravanSummary) },
    errors: ['not_authenticated'],
  }),
  /** With payments on, only a Sultan may (403 otherwise). */
  create: defineRoute({
    method: 'POST',
    path: ALL,
    body: CaravanWrite,
    response: { 201: Caravan },
    errors: WRITE,
  }),
  get: defineRoute({ method: 'GET', path: ONE, params: caravan, response: { 200: Caravan }, errors: DENIED }),
  rename: defineRoute({
    method: 'PUT',
    path: ONE,
    params: caravan,
    body: CaravanWrite,
    response: { 200: Caravan },
    errors: WRITE,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: ONE,
    params: caravan,
    response: { 204: null },
    errors: DENIED,
  }),
  invite: defineRoute({
    method: 'POST',
    path: `${ONE}invites/`,
    params: caravan,
    body: CaravanInviteCreate,
    response: { 201: CaravanInvite },
    errors: WRITE,
  }),
  /** The caller's pending invites. */
  invites: defineRoute({
    method: 'GET',
    path: `${ALL}invites/`,
    response: { 200: z.array(PendingInvite) },
    errors: ['not_authenticated'],
  }),
  accept: defineRoute({
    method: 'POST',
    path: `${INVITE}accept/`,
    params: invite,
    response: { 200: Caravan },
    errors: WRITE,
  }),
  decline: defineRoute({
    method: 'POST',
    path: `${INVITE}decline/`,
    params: invite,
    response: { 204: null },
    errors: DENIED,
  }),
  /** A leader removes anyone; a member only themself (leaving). */
  removeMember: defineRoute({
    method: 'DELETE',
    path: MEMBER,
    params: member,
    response: { 204: null },
    errors: WRITE,
  }),
  setRole: defineRoute({
    method: 'PUT',
    path: MEMBER,
    params: member,
    body: CaravanMemberUpdate,
    response: { 200: Caravan },
    errors: WRITE,
  }),
  shareWell: defineRoute({
    method: 'POST',
    path: WELLS,
    params: caravan,
    body: CaravanWellShare,
    response: { 201: Caravan },
    errors: WRITE,
  }),
  unshareWell: defineRoute({
    method: 'DELETE',
    path: `${WELLS}:wellid/`,
    params: z.object({ id: Id, wellid: Id }),
    response: { 204: null },
    errors: DENIED,
  }),
  setPolicy: defineRoute({
    method: 'PUT',
    path: `${ONE}policy/`,
    params: caravan,
    body: CaravanPolicyUpdate,
    response: { 200: CaravanPolicy },
    errors: WRITE,
  }),
  /** `format=csv` answers the same figures as CSV text with a header row. */
  usage: defineRoute({
    method: 'GET',
    path: `${ONE}usage/`,
    params: caravan,
    query: CaravanUsageQuery,
    response: { 200: CaravanUsage },
    formats: { csv: text('text/csv') },
    errors: [...DENIED, 'invalid'],
  }),
  audit: defineRoute({
    method: 'GET',
    path: `${ONE}audit/`,
    params: caravan,
    response: { 200: z.array(CaravanAuditEntry) },
    errors: DENIED,
  }),
};
