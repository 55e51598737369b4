import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Names a browser asks for as files; anything else is a page of the app. */
const ASSET_NAME = /\.(js|mjs|css|map|json|webmanifest|txt|xml|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf)$/i;

const FALLBACK_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caravanserai</title></head>
<body><main><h1>Caravanserai</h1><p>Keep your AI conversations as portable documents you own.</p>
<p>The web app is not built yet; the API answers under <code>/api</code>.</p></main></body></html>`;

/**
 * Serves the built SPA. Any GET that is not an API path and does not name a file gets index.html,
 * so client-side routes (/logbooks/abc, /u/alice) survive a reload.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  webRoot: string,
  apiPrefix: string,
): Promise<void> {
  const hasBuild = existsSync(join(webRoot, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: 'index.html',
      wildcard: true,
      cacheControl: false,
      // Hashed build assets never change under the same name; everything else is revalidated.
      setHeaders: (reply, filePath) => {
        const immutable = filePath.startsWith(join(webRoot, 'assets'));
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = apiPrefix !== '' && (path === apiPrefix || path.startsWith(`${apiPrefix}/`));
    if (isApi) return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
    // Only asset-like names are files: a client route may hold a dot (/u/john.doe).
    const looksLikeFile = path.startsWith('/assets/') || ASSET_NAME.test(path);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || looksLikeFile) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    reply.header('cache-control', 'no-cache');
    if (hasBuild) return reply.type('text/html').sendFile('index.html');
    return reply.type('text/html').send(FALLBACK_PAGE);
  });
}
