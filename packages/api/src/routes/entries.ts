import { defineRoute } from '../route.js';
import { TagSubmit, TagSubmitResult } from '../schemas/logbooks.js';
import { WRITE_ERRORS } from './logbooks.js';

/** Entries of a logbook's log, written one at a time (the spec's "tag submit"). */
export const entryRoutes = {
  write: defineRoute({
    method: 'POST',
    path: '/journals/tag/submit/',
    body: TagSubmit,
    response: { 200: TagSubmitResult },
    // `conflict`: a qid already answered, or an answer without its query.
    errors: [...WRITE_ERRORS, 'conflict'],
  }),
};
