/**
 * Where the session token lives: the `authToken` cookie (30 days, Secure,
 * SameSite=Strict, path /), local storage `authKey`, and `token` for the route guard.
 */
const COOKIE = 'authToken';
const KEYS = ['authKey', 'token'] as const;
const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function getToken(): string | null {
  return readCookie(COOKIE) || localStorage.getItem('authKey') || null;
}

export function setToken(token: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers still in use
  document.cookie = `${COOKIE}=${encodeURIComponent(token)}; Max-Age=${THIRTY_DAYS_S}; Path=/; Secure; SameSite=Strict`;
  for (const key of KEYS) localStorage.setItem(key, token);
}

export function clearToken(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers still in use
  document.cookie = `${COOKIE}=; Max-Age=0; Path=/; Secure; SameSite=Strict`;
  for (const key of KEYS) localStorage.removeItem(key);
}

/** The route guard's check: is a token stored at all (not whether it is still valid). */
export function hasStoredToken(): boolean {
  return Boolean(localStorage.getItem('token') || getToken());
}
