import { createHash, randomBytes } from 'node:crypto';

/** The provider's answer: where it sent the browser back, and that address's parameters. */
export interface ProviderAnswer {
  url: URL;
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
  error_description?: string;
}

/** The most redirects one sign-in follows at the provider before giving up. */
const MAX_HOPS = 12;

/** The cookies one browser holds at the provider, by name (their paths do not matter here). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }
}

function answerOf(url: URL): ProviderAnswer {
  const answer: ProviderAnswer = { url };
  for (const name of ['code', 'state', 'iss', 'error', 'error_description'] as const) {
    const value = url.searchParams.get(name);
    if (value !== null) answer[name] = value;
  }
  return answer;
}

/**
 * What a browser does at the provider, over plain HTTP: follows the authorization address,
 * fills in the provider's sign-in page (login, any password) and follows on until the provider
 * sends it away from itself, to the client's redirect URI.
 */
export async function signInAt(
  issuer: string,
  authorizationUrl: string,
  login: string,
): Promise<ProviderAnswer> {
  const origin = new URL(issuer).origin;
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    if (url.origin !== origin) return answerOf(url);
    let res = await fetch(url, { redirect: 'manual', headers: jar.header() });
    jar.keep(res);
    if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
      const page = await res.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
      if (!prompt) throw new Error(`the provider's page at ${url.pathname} has no form`);
      const form = new URLSearchParams({ prompt, login, password: 'any password' });
      res = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      jar.keep(res);
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(
        `the provider answered ${res.status} at ${url.pathname}: ${(await res.text()).slice(0, 300)}`,
      );
    }
    await res.body?.cancel();
    url = new URL(location, url);
  }
  throw new Error(`no way back from the provider after ${MAX_HOPS} redirects`);
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/**
 * A whole authorization code flow of another client, done as that client would, for `login`,
 * asking for an ID token with `nonce`: the provider's own token response for that client.
 */
export async function foreignTokenResponse(
  issuer: string,
  client: { id: string; secret: string; redirectUri: string },
  login: string,
  nonce: string,
): Promise<Record<string, unknown>> {
  const verifier = base64url(randomBytes(32));
  const authorize = new URL('/auth', issuer);
  authorize.search = new URLSearchParams({
    client_id: client.id,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: client.redirectUri,
    state: base64url(randomBytes(16)),
    nonce,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString();
  const back = await signInAt(issuer, authorize.href, login);
  if (!back.code) throw new Error(`the provider gave the other client no code: ${back.url.href}`);
  const basic = Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString(
    'base64',
  );
  const res = await fetch(new URL('/token', issuer), {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.code,
      redirect_uri: client.redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200)
    throw new Error(`the provider refused the other client's code: ${JSON.stringify(body)}`);
  return body;
}
