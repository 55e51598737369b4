import { z } from 'zod';
import { defineRoute } from '../route.js';
import { Id } from '../schemas/common.js';
import { Journal, JournalPatch, JournalSummary, JournalWrite } from '../schemas/journals.js';

const ALL = '/journals/';
const ONE = '/journals/:jid/';
const params = z.object({ jid: Id });

export const journalRoutes = {
  list: defineRoute({
    method: 'GET',
    path: ALL,
    response: { 200: z.array(JournalSummary) },
    errors: ['not_authenticated'],
  }),
  create: defineRoute({
    method: 'POST',
    path: ALL,
    body: JournalWrite,
    response: { 201: Journal },
    errors: ['not_authenticated', 'invalid'],
  }),
  get: defineRoute({
    method: 'GET',
    path: ONE,
    params,
    response: { 200: Journal },
    errors: ['not_authenticated', 'not_found'],
  }),
  update: defineRoute({
    method: 'PUT',
    path: ONE,
    params,
    body: JournalWrite,
    response: { 200: Journal },
    errors: ['not_authenticated', 'invalid', 'not_found'],
  }),
  patch: defineRoute({
    method: 'PATCH',
    path: ONE,
    params,
    body: JournalPatch,
    response: { 200: Journal },
    errors: ['not_authenticated', 'invalid', 'not_found'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: ONE,
    params,
    response: { 204: null },
    errors: ['not_authenticated', 'not_found'],
  }),
};
