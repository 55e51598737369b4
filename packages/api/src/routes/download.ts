import { z } from 'zod';
import { defineRoute, file } from '../route.js';

/** The Mapper as a program to run at home, set up for this server. */
export const downloadRoutes = {
  /** `caravanserai.zip` or `caravanserai.tar.gz`, as a file to save. */
  mapperPackage: defineRoute({
    method: 'GET',
    path: '/download/:filename/',
    params: z.object({ filename: z.string().max(64) }),
    response: { 200: file('application/zip, application/gzip') },
    errors: ['not_authenticated', 'not_found', 'not_built'],
  }),
};
