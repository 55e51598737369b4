import { readFile } from 'node:fs/promises';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '@caravanserai/api';

/**
 * JSON that is safe inside a `<script>` element: '<' can never close the element or open a
 * comment, and the two line separators JSON allows but older parsers choke on are escaped too.
 */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page with the server's public config written in, so the app knows where the API is (and
 * the rest of GET /config/) before its first request. A JSON data block is never executed, so
 * the CSP's script-src 'self' stays as it is.
 */
export function withPublicConfig(html: string, config: PublicConfig): string {
  const tag = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${scriptSafeJson(config)}</script>`;
  const headEnd = html.search(/<\/head>/i);
  if (headEnd >= 0) return `${html.slice(0, headEnd)}${tag}${html.slice(headEnd)}`;
  const bodyStart = html.search(/<body[\s>]/i);
  if (bodyStart >= 0) return `${html.slice(0, bodyStart)}${tag}${html.slice(bodyStart)}`;
  return `${tag}${html}`;
}

/**
 * Reads index.html at each request rather than once: a rebuild of the web app renames its
 * hashed assets, and a page cached from before would name files that are gone. It is a few
 * hundred bytes.
 */
export async function readIndexPage(file: string, config: PublicConfig): Promise<string> {
  return withPublicConfig(await readFile(file, 'utf8'), config);
}

/** What a page's HTML says of it before any script runs: for link previews and search engines. */
export interface PageMeta {
  title: string;
  description: string;
  /** The page's own address, absolute or from the site's root. */
  url?: string;
  /** Search engines are asked to leave the page out (everything but the public Bazaar). */
  noindex: boolean;
  /** The page's status when not 200 (a withdrawn listing's page is 410, as its API is). */
  status?: number;
}

const escapeAttr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page with its own title, description and Open Graph tags in place of the app's: a link
 * preview reads them without running the app. Whatever the page names is escaped.
 */
export function withPageMeta(html: string, meta: PageMeta): string {
  const title = escapeAttr(meta.title);
  const description = escapeAttr(meta.description);
  const hasDescription = /<meta name="description"[^>]*>/i.test(html);
  const tags = [
    ...(hasDescription ? [] : [`<meta name="description" content="${description}" />`]),
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="Caravanserai" />',
    ...(meta.url ? [`<meta property="og:url" content="${escapeAttr(meta.url)}" />`] : []),
    '<meta name="twitter:card" content="summary" />',
    ...(meta.noindex ? ['<meta name="robots" content="noindex" />'] : []),
  ].join('\n    ');
  const out = html
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${title}</title>`)
    .replace(/<meta name="description"[^>]*>/i, () => `<meta name="description" content="${description}" />`);
  const headEnd = out.search(/<\/head>/i);
  return headEnd >= 0 ? `${out.slice(0, headEnd)}${tags}\n  ${out.slice(headEnd)}` : out;
}
