import { z } from 'zod';
import { defineRoute } from '../route.js';
import {
  AdminUser,
  AdminUserList,
  AdminUsersQuery,
  AdminUserUpdate,
  Invite,
  InviteCreate,
} from '../schemas/admin.js';
import { UsernameInPath } from '../schemas/auth.js';

const USERS = '/admin/users/';

/** Instance administration (DESIGN 11): for the users named in ADMIN_USERNAMES (403 for others). */
export const adminRoutes = {
  /** Users by username, `q` matching part of a username or an e-mail address. */
  users: defineRoute({
    method: 'GET',
    path: USERS,
    query: AdminUsersQuery,
    response: { 200: AdminUserList },
    errors: ['not_authenticated', 'permission_denied', 'invalid'],
  }),
  /** Disables or enables a user: a disabled user's tokens and keys are refused from the next request. */
  updateUser: defineRoute({
    method: 'PUT',
    path: `${USERS}:username/`,
    params: z.object({ username: UsernameInPath }),
    body: AdminUserUpdate,
    response: { 200: AdminUser },
    errors: ['not_authenticated', 'permission_denied', 'not_found', 'invalid'],
  }),
  /**
   * An invite link for one registration (needed while REGISTRATION is invite). Administrators make
   * them; a caravan's leader too, naming their caravan, which whoever registers with it joins.
   */
  createInvite: defineRoute({
    method: 'POST',
    path: '/admin/invites/',
    body: InviteCreate,
    response: { 201: Invite },
    errors: ['not_authenticated', 'permission_denied', 'not_found', 'invalid'],
  }),
};
