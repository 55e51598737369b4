import { defineRoute } from '../route.js';
import { CurrentUser, Login, Registration, TokenResponse, UserUpdate } from '../schemas/auth.js';
import { Detail } from '../schemas/common.js';

const USER = '/rest-auth/user/';

/** The signed-in user's account: sign-up, sign-in, tokens and their own record. */
export const authRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/rest-auth/registration/',
    body: Registration,
    response: { 201: TokenResponse },
    errors: ['invalid', 'throttled'],
  }),
  login: defineRoute({
    method: 'POST',
    path: '/rest-auth/login/',
    body: Login,
    response: { 200: TokenResponse },
    errors: ['invalid', 'throttled'],
  }),
  logout: defineRoute({ method: 'POST', path: '/rest-auth/logout/', response: { 200: Detail }, errors: [] }),
  /** Revokes every token of the signed-in user, the caller's included. */
  logoutAll: defineRoute({
    method: 'POST',
    path: '/rest-auth/logout/all/',
    response: { 200: Detail },
    errors: ['not_authenticated'],
  }),
  user: defineRoute({
    method: 'GET',
    path: USER,
    response: { 200: CurrentUser },
    errors: ['not_authenticated'],
  }),
  updateUser: defineRoute({
    method: 'PATCH',
    path: USER,
    body: UserUpdate,
    response: { 200: CurrentUser },
    errors: ['not_authenticated', 'invalid'],
  }),
  replaceUser: defineRoute({
    method: 'PUT',
    path: USER,
    body: UserUpdate,
    response: { 200: CurrentUser },
    errors: ['not_authenticated', 'invalid'],
  }),
};
