import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { PublicConfig } from '@caravanserai/api';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type PageMeta, readIndexPage, withPageMeta, withPublicConfig } from './index-page.js';

/** Names a browser asks for as files; anything else is a page of the app. */
const ASSET_NAME = /\.(js|mjs|css|map|json|webmanifest|txt|xml|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf)$/i;

const SOURCE_MAP = /\.map$/i;
const MAPPED = /\.(m?js|css)$/i;
/** The page itself is never sent as a plain file: it always carries the public config. */
const INDEX_FILE = '/index.html';

export interface StaticWebOptions {
  /** Serve *.map files, and point browsers at them; otherwise they are 404. */
  serveSourceMaps: boolean;
  /** Written into every copy of index.html, so the app knows where the API is. */
  publicConfig: PublicConfig;
  /** What a page's HTML says of it (title, description, Open Graph), by its path. */
  pageMeta: (path: string) => Promise<PageMeta | null>;
}

const FALLBACK_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caravanserai</title></head>
<body><main><h1>Caravanserai</h1><p>Keep your AI conversations as portable documents you own.</p>
<p>The web app is not built yet; the API answers under <code>{prefix}</code>.</p></main></body></html>`;

/**
 * Serves the built SPA. Any GET that is not an API path and does not name a file gets index.html,
 * so client-side routes (/logbooks/abc, /u/alice) survive a reload.
 *
 * Source maps hand out the app's original sources, comments and all, so they are served only when
 * asked for. The build emits them "hidden" (no sourceMappingURL comment), so refusing them leaves
 * no dangling reference for browsers to complain about; when they are served, a SourceMap header
 * on the mapped file points browsers at them instead.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  webRoot: string,
  apiPrefix: string,
  { serveSourceMaps, publicConfig, pageMeta }: StaticWebOptions,
): Promise<void> {
  const indexFile = join(webRoot, 'index.html');
  const hasBuild = existsSync(indexFile);
  const fallbackPage = withPublicConfig(FALLBACK_PAGE.replace('{prefix}', apiPrefix || '/'), publicConfig);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // index.html is never sent as it is on disk: sendPage writes the config in.
      index: false,
      wildcard: true,
      // The build writes .br and .gz beside each asset (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      cacheControl: false,
      // Checked on the decoded path and again on the file finally chosen, so no spelling slips by.
      allowedPath: (pathName: string) =>
        pathName !== INDEX_FILE && (serveSourceMaps || !SOURCE_MAP.test(pathName)),
      // Hashed build assets never change under the same name; everything else is revalidated.
      setHeaders: (reply, filePath) => {
        const immutable = filePath.startsWith(join(webRoot, 'assets'));
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (serveSourceMaps && MAPPED.test(filePath) && existsSync(`${filePath}.map`))
          reply.header('sourcemap', `${basename(filePath)}.map`);
      },
    });
  }

  const sendPage = async (path: string, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    // A rebuild replaces index.html: for that moment the plain page is better than an error.
    const page = hasBuild
      ? await readIndexPage(indexFile, publicConfig).catch(() => fallbackPage)
      : fallbackPage;
    const meta = await pageMeta(path);
    if (meta?.status) reply.code(meta.status);
    return reply.type('text/html; charset=utf-8').send(meta ? withPageMeta(page, meta) : page);
  };
  // The static plugin would answer '/' itself (403, having no index to serve): it is the page.
  if (hasBuild) app.get('/', (_request, reply) => sendPage('/', reply));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = apiPrefix !== '' && (path === apiPrefix || path.startsWith(`${apiPrefix}/`));
    if (isApi) return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
    // Only asset-like names are files: a client route may hold a dot (/u/john.doe).
    const looksLikeFile = path.startsWith('/assets/') || ASSET_NAME.test(path);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || looksLikeFile) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return sendPage(path, reply);
  });
}
