import { defineRoute } from '../route.js';
import { CurrentUser, Login, Registration, TokenResponse, UserUpdate } from '../schemas/auth.js';
import { Detail } from '../schemas/common.js';
import { PasswordResetConfirm, PasswordResetRequest } from '../schemas/password-reset.js';

const USER = '/rest-auth/user/';

/** The signed-in user's account: sign-up, sign-in, tokens and their own record. */
export const authRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/rest-auth/registration/',
    body: Registration,
    response: { 201: TokenResponse },
    /** 403 while REGISTRATION is closed, or invite and no invite code is given. */
    errors: ['invalid', 'throttled', 'permission_denied'],
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
  /**
   * Mails a single-use reset link to the accounts with this address; the same answer whether or
   * not there is one. 503 while the server sends no mail (SMTP_URL unset).
   */
  passwordReset: defineRoute({
    method: 'POST',
    path: '/rest-auth/password/reset/',
    body: PasswordResetRequest,
    response: { 200: Detail },
    errors: ['invalid', 'throttled', 'not_configured'],
  }),
  /** Sets the password from a mailed link, once, within the hour; every token of the user ends. */
  passwordResetConfirm: defineRoute({
    method: 'POST',
    path: '/rest-auth/password/reset/confirm/',
    body: PasswordResetConfirm,
    response: { 200: Detail },
    errors: ['invalid', 'throttled'],
  }),
};
