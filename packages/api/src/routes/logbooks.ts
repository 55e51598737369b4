import { z } from 'zod';
import { defineRoute, eventStream } from '../route.js';
import { EntriesPage, EntriesQuery, HeadChange, HeadChanged } from '../schemas/branches.js';
import { Id } from '../schemas/common.js';
import {
  Logbook,
  LogbookCreate,
  LogbookOverview,
  LogbookSummary,
  LogbookTokens,
  LogbookUpdate,
  LogbookVersion,
  LogWrite,
  Touched,
} from '../schemas/logbooks.js';

const ALL = '/journals/logbooks/';
const ONE = '/journals/logbooks/:logid/';
const params = z.object({ logid: Id });
/** What a write to a logbook may be refused for. */
export const WRITE_ERRORS = [
  'not_authenticated',
  'invalid',
  'not_found',
  'permission_denied',
  'salted',
  'stale_version',
  'too_large',
] as const;

export const logbookRoutes = {
  list: defineRoute({
    method: 'GET',
    path: ALL,
    response: { 200: z.array(LogbookSummary) },
    errors: ['not_authenticated'],
  }),
  create: defineRoute({
    method: 'POST',
    path: ALL,
    body: LogbookCreate,
    response: { 201: Logbook },
    errors: ['not_authenticated', 'invalid', 'too_large'],
  }),
  /** Public logbooks are readable signed out. */
  get: defineRoute({ method: 'GET', path: ONE, params, response: { 200: Logbook }, errors: ['not_found'] }),
  /** The logbook without its log, for pages that read the entries a page at a time. */
  overview: defineRoute({
    method: 'GET',
    path: `${ONE}overview/`,
    params,
    response: { 200: LogbookOverview },
    errors: ['not_found'],
  }),
  tokens: defineRoute({
    method: 'GET',
    path: `${ONE}tokens/`,
    params,
    response: { 200: LogbookTokens },
    errors: ['not_found'],
  }),
  version: defineRoute({
    method: 'GET',
    path: `${ONE}version/`,
    params,
    response: { 200: LogbookVersion },
    errors: ['not_found'],
  }),
  /**
   * Server-Sent Events (DESIGN 9): a `version` event (LogbookVersion) at once and whenever the
   * logbook changes, through whichever server process wrote it; the stream ends when the logbook
   * is deleted or no longer readable. Readable by whoever may read the logbook.
   */
  events: defineRoute({
    method: 'GET',
    path: `${ONE}events/`,
    params,
    response: { 200: eventStream },
    errors: ['not_found'],
  }),
  /** `If-Match` may name the version the client last saw (409 `stale_version` otherwise). */
  update: defineRoute({
    method: 'PUT',
    path: ONE,
    params,
    body: LogbookUpdate,
    response: { 200: Logbook },
    errors: WRITE_ERRORS,
  }),
  patch: defineRoute({
    method: 'PATCH',
    path: ONE,
    params,
    body: LogbookUpdate,
    response: { 200: Logbook },
    errors: WRITE_ERRORS,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: ONE,
    params,
    response: { 204: null },
    errors: ['not_authenticated', 'not_found', 'permission_denied'],
  }),
  touch: defineRoute({
    method: 'POST',
    path: `${ONE}touch/`,
    params,
    response: { 200: Touched },
    errors: ['not_authenticated', 'not_found', 'permission_denied', 'salted'],
  }),
  updateLog: defineRoute({
    method: 'POST',
    path: `${ONE}update_log/`,
    params,
    body: LogWrite,
    response: { 200: Logbook },
    errors: WRITE_ERRORS,
  }),
  /** The active path a page at a time, newest last (DESIGN 3a); `all=1`: the whole document. */
  entries: defineRoute({
    method: 'GET',
    path: `${ONE}entries/`,
    params,
    query: EntriesQuery,
    response: { 200: EntriesPage },
    errors: ['not_found', 'invalid'],
  }),
  /** Selects a branch: the head becomes the newest leaf under the entry named. */
  head: defineRoute({
    method: 'PUT',
    path: `${ONE}head/`,
    params,
    body: HeadChange,
    response: { 200: HeadChanged },
    errors: ['not_authenticated', 'invalid', 'not_found', 'permission_denied'],
  }),
  fork: defineRoute({
    method: 'POST',
    path: `${ONE}fork/`,
    params,
    response: { 201: Logbook },
    errors: ['not_authenticated', 'not_found', 'not_salted'],
  }),
};
