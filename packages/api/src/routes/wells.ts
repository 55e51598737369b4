import { z } from 'zod';
import { defineRoute } from '../route.js';
import { Id } from '../schemas/common.js';
import {
  OwnWell,
  WellCreate,
  WellDetail,
  WellList,
  WellTest,
  WellTestResult,
  WellUpdate,
} from '../schemas/wells.js';

const ALL = '/journals/wells/';
const ONE = '/journals/wells/:wellid/';
const params = z.object({ wellid: Id });

export const wellRoutes = {
  list: defineRoute({ method: 'GET', path: ALL, response: { 200: WellList }, errors: ['not_authenticated'] }),
  create: defineRoute({
    method: 'POST',
    path: ALL,
    body: WellCreate,
    response: { 201: OwnWell },
    errors: ['not_authenticated', 'invalid'],
  }),
  /** Asks the provider for its model list with the form's values; nothing is saved. */
  test: defineRoute({
    method: 'POST',
    path: `${ALL}test/`,
    body: WellTest,
    response: { 200: WellTestResult },
    errors: ['not_authenticated', 'invalid', 'not_found'],
  }),
  get: defineRoute({
    method: 'GET',
    path: ONE,
    params,
    response: { 200: WellDetail },
    errors: ['not_authenticated', 'not_found'],
  }),
  update: defineRoute({
    method: 'PUT',
    path: ONE,
    params,
    body: WellUpdate,
    response: { 200: OwnWell },
    errors: ['not_authenticated', 'invalid', 'not_found', 'permission_denied'],
  }),
  patch: defineRoute({
    method: 'PATCH',
    path: ONE,
    params,
    body: WellUpdate,
    response: { 200: OwnWell },
    errors: ['not_authenticated', 'invalid', 'not_found', 'permission_denied'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: ONE,
    params,
    response: { 204: null },
    errors: ['not_authenticated', 'not_found', 'permission_denied', 'well_in_use'],
  }),
};
