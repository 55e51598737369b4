import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { afterAll, beforeAll } from 'vitest';
import { foreignTokenResponse, type ProviderAnswer, signInAt } from './oidc-sign-in.js';

export type { ProviderAnswer } from './oidc-sign-in.js';

/** A person at the provider: `login` is what they type at its sign-in page and their subject. */
export interface OidcAccount {
  login: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
}

/** The server's settings for this provider, as `Config['oidc']` takes them. */
export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  label: string;
  allowedDomains: string[];
}

export interface OidcProvider {
  /** The issuer, e.g. http://127.0.0.1:41234 */
  issuer: string;
  /** The settings of the client registered for the server under test (any loopback port). */
  settings(overrides?: Partial<OidcClientSettings>): OidcClientSettings;
  /** Adds a person (or replaces the one with the same login): their claims are read at each sign-in. */
  addAccount(account: OidcAccount): OidcAccount;
  /**
   * Signs `login` in at the provider from a fresh browser, without one: follows the authorization
   * address through the provider's own sign-in page, and gives the address the provider sends the
   * browser back to (the redirect URI with `code`, `state` and `iss`).
   */
  signIn(authorizationUrl: string, login: string): Promise<ProviderAnswer>;
  /**
   * The provider's genuine token response for ANOTHER client it knows, for `login`, whose ID token
   * carries `nonce`: what a token substitution would hand the server.
   */
  foreignTokenResponse(login: string, nonce: string): Promise<Record<string, unknown>>;
  /** The next token request is answered with `body` instead of the provider's own answer. */
  substituteNextTokenResponse(body: Record<string, unknown>): void;
  /** How many token requests the provider (or a substitute) answered. */
  readonly tokenRequests: number;
  close(): Promise<void>;
}

const CLIENT = { id: 'caravanserai', secret: randomBytes(24).toString('hex') };
const OTHER = { id: 'another-app', secret: randomBytes(24).toString('hex') };
/**
 * Where the provider may send browsers back: the web app's page on any loopback port (RFC 8252
 * lets a native client's loopback redirect take any port, and the servers under test listen on
 * port 0); the other client's own page.
 */
export const SSO_REDIRECT = 'http://127.0.0.1/login/sso/';
export const OTHER_REDIRECT = 'http://127.0.0.1/another-app/callback';

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, for the server to sign people in
 * with: discovery, the authorization code flow with PKCE, its own sign-in page (any password),
 * signed ID tokens and userinfo. Two confidential clients are registered, the server's and
 * another, so a token for the wrong audience can be had from the provider itself. Consent is
 * taken as given, as a company's provider does for its own applications.
 */
export async function startOidcProvider(accounts: readonly OidcAccount[] = []): Promise<OidcProvider> {
  const people = new Map(accounts.map((account) => [account.login, { ...account }]));
  let substitute: Record<string, unknown> | null = null;
  let tokenRequests = 0;
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;

  const server: Server = createServer((req, res) => {
    if (req.method === 'POST' && req.url?.split('?')[0] === '/token') {
      tokenRequests++;
      if (substitute) {
        const body = JSON.stringify(substitute);
        substitute = null;
        req.resume();
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(body);
        return;
      }
    }
    if (!handle) {
      res.writeHead(503).end();
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = newProvider(issuer, people);
  handle = provider.callback();

  return {
    issuer,
    settings: (overrides = {}) => ({
      issuer,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      label: 'Test IdP',
      allowedDomains: [],
      ...overrides,
    }),
    addAccount(account) {
      const kept = { ...account };
      people.set(account.login, kept);
      return kept;
    },
    signIn: (authorizationUrl, login) => signInAt(issuer, authorizationUrl, login),
    foreignTokenResponse: (login, nonce) =>
      foreignTokenResponse(issuer, { ...OTHER, redirectUri: OTHER_REDIRECT }, login, nonce),
    substituteNextTokenResponse(body) {
      substitute = body;
    },
    get tokenRequests() {
      return tokenRequests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function newProvider(issuer: string, people: Map<string, OidcAccount>): Provider {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const client = (id: string, secret: string, redirect: string) => ({
    client_id: id,
    client_secret: secret,
    application_type: 'native' as const,
    redirect_uris: [redirect],
    grant_types: ['authorization_code'],
    response_types: ['code' as const],
    token_endpoint_auth_method: 'client_secret_basic' as const,
  });
  return new Provider(issuer, {
    clients: [client(CLIENT.id, CLIENT.secret, SSO_REDIRECT), client(OTHER.id, OTHER.secret, OTHER_REDIRECT)],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'name'],
    },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
    },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const person = people.get(id);
      if (!person) return undefined;
      return {
        accountId: id,
        async claims() {
          const { login, ...claims } = person;
          return { sub: login, ...claims };
        },
      };
    },
    // A company's provider does not ask its people to consent to its own applications.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client: asking, session } = ctx.oidc;
      if (!asking || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: asking.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
}

/**
 * A provider for a test file: started in beforeAll (register it before `useServer`, whose config
 * function can then read its `settings()`), closed in afterAll.
 */
export function useOidcProvider(accounts: readonly OidcAccount[] = []): OidcProvider {
  let provider: OidcProvider | undefined;
  const ready = () => {
    if (!provider) throw new Error('useOidcProvider: not started; read it in tests or hooks');
    return provider;
  };
  beforeAll(async () => {
    provider = await startOidcProvider(accounts);
  });
  afterAll(async () => {
    await provider?.close();
  });
  return {
    get issuer() {
      return ready().issuer;
    },
    settings: (overrides) => ready().settings(overrides),
    addAccount: (account) => ready().addAccount(account),
    signIn: (url, login) => ready().signIn(url, login),
    foreignTokenResponse: (login, nonce) => ready().foreignTokenResponse(login, nonce),
    substituteNextTokenResponse: (body) => ready().substituteNextTokenResponse(body),
    get tokenRequests() {
      return ready().tokenRequests;
    },
    close: () => ready().close(),
  };
}
