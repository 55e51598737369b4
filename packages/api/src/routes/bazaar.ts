import { z } from 'zod';
import { defineRoute } from '../route.js';
import {
  ForkListing,
  Gallery,
  GalleryQuery,
  Listing,
  ListingModeration,
  ListingPreview,
  ListingPublish,
  ListingSlug,
  Published,
  Report,
  ReportCreate,
  StarState,
  VersionNumber,
  VersionPublish,
} from '../schemas/bazaar.js';
import { Id } from '../schemas/common.js';
import { Logbook } from '../schemas/logbooks.js';

const LISTINGS = '/bazaar/listings/';
const byId = z.object({ listing_id: Id });
const bySlug = z.object({ slug: ListingSlug });

/**
 * The Bazaar (DESIGN 10). The gallery and listings are public, signed in or not, except a caravan's
 * listings (its members only; 404 for anyone else). A withdrawn or removed listing answers 410 with
 * a tombstone.
 */
export const bazaarRoutes = {
  /** The copy a publish would make and what in it looks private; nothing is stored. */
  preview: defineRoute({
    method: 'POST',
    path: '/bazaar/preview/',
    body: ListingPublish,
    response: { 200: ListingPreview },
    errors: ['not_authenticated', 'invalid', 'not_found'],
  }),
  /** Version 1 of a new listing; 400 while the preview warns, unless `confirm`. */
  publish: defineRoute({
    method: 'POST',
    path: LISTINGS,
    body: ListingPublish,
    response: { 201: Published },
    errors: ['not_authenticated', 'invalid', 'not_found', 'permission_denied'],
  }),
  /** The next version, copied afresh from the listing's logbook (the author's only). */
  publishVersion: defineRoute({
    method: 'POST',
    path: `${LISTINGS}:listing_id/versions/`,
    params: byId,
    body: VersionPublish,
    response: { 201: Published },
    errors: ['not_authenticated', 'invalid', 'not_found', 'permission_denied', 'gone', 'conflict'],
  }),
  gallery: defineRoute({
    method: 'GET',
    path: LISTINGS,
    query: GalleryQuery,
    response: { 200: Gallery },
    errors: ['invalid'],
  }),
  /** The newest version. */
  get: defineRoute({
    method: 'GET',
    path: `${LISTINGS}:slug/`,
    params: bySlug,
    response: { 200: Listing },
    errors: ['not_found', 'gone'],
  }),
  /** An earlier (or the newest) version. */
  getVersion: defineRoute({
    method: 'GET',
    path: `${LISTINGS}:slug/v/:version/`,
    params: bySlug.extend({ version: VersionNumber }),
    response: { 200: Listing },
    errors: ['not_found', 'gone', 'invalid'],
  }),
  /** The author withdraws it: 410 from then on; forks already made stay their owners'. */
  withdraw: defineRoute({
    method: 'DELETE',
    path: `${LISTINGS}:listing_id/`,
    params: byId,
    response: { 204: null },
    errors: ['not_authenticated', 'not_found', 'permission_denied', 'gone'],
  }),
  /** A private logbook of the caller's, on their own wells, remembering where it came from. */
  fork: defineRoute({
    method: 'POST',
    path: `${LISTINGS}:listing_id/fork/`,
    params: byId,
    body: ForkListing,
    response: { 201: Logbook },
    errors: ['not_authenticated', 'invalid', 'not_found', 'gone'],
  }),
  star: defineRoute({
    method: 'PUT',
    path: `${LISTINGS}:listing_id/star/`,
    params: byId,
    response: { 200: StarState },
    errors: ['not_authenticated', 'not_found', 'permission_denied', 'gone'],
  }),
  unstar: defineRoute({
    method: 'DELETE',
    path: `${LISTINGS}:listing_id/star/`,
    params: byId,
    response: { 200: StarState },
    errors: ['not_authenticated', 'not_found', 'gone'],
  }),
  report: defineRoute({
    method: 'POST',
    path: `${LISTINGS}:listing_id/report/`,
    params: byId,
    body: ReportCreate,
    response: { 201: z.object({ report_id: Id }) },
    errors: ['not_authenticated', 'invalid', 'not_found', 'gone', 'throttled'],
  }),
  /** Reports, newest first (instance administrators only). */
  reports: defineRoute({
    method: 'GET',
    path: '/admin/bazaar/reports/',
    response: { 200: z.array(Report) },
    errors: ['not_authenticated', 'permission_denied'],
  }),
  /** Hides a listing (410 'Removed by the moderators.') or shows it again (administrators only). */
  moderate: defineRoute({
    method: 'PUT',
    path: '/admin/bazaar/listings/:listing_id/',
    params: byId,
    body: ListingModeration,
    response: { 204: null },
    errors: ['not_authenticated', 'permission_denied', 'not_found', 'invalid'],
  }),
};
