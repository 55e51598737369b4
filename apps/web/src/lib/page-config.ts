import { PUBLIC_CONFIG_ELEMENT_ID, PublicConfig } from '@caravanserai/api';

/**
 * The server's public config as written into index.html when it served the page. It is read
 * from the page, not asked for, because asking needs the API's address, which is in it. The dev
 * server serves index.html itself, without it: then the API is at the default '/api' (proxied),
 * and the rest comes from GET /config/ (see use-public-config.ts).
 */
function readPageConfig(): PublicConfig | null {
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = PublicConfig.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const pageConfig = readPageConfig();

/** Where the REST API lives on this origin. */
export const apiPrefix = pageConfig?.api_prefix ?? '/api';
