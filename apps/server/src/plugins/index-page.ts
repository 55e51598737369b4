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
