import * as client from 'openid-client';
import { HttpError } from '../../errors.js';
import type { OidcSettings } from '../../oidc-settings.js';

/** How long one request to the provider may take, in seconds (someone waits at the login page). */
const REQUEST_TIMEOUT_S = 10;

/** What the provider's verified answer says about the person. */
export interface ProviderClaims {
  issuer: string;
  subject: string;
  /** The ID token's claims, with what the userinfo endpoint adds where the token is silent. */
  claims: Readonly<Record<string, unknown>>;
}

/** What one sign-in attempt sent to the provider, for the callback to check its answer against. */
export interface AttemptChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export const providerUnreachable = (issuer: string) =>
  new HttpError(
    503,
    'provider_error',
    `The sign-in provider (${issuer}) cannot be reached just now: try again in a minute, or sign in with your password.`,
  );

const notBorneOut = (why: string) =>
  new HttpError(
    400,
    'invalid',
    `The sign-in provider's answer was refused (${why}): start again from the login page.`,
  );

/**
 * The server's OpenID Connect client, through openid-client: the provider's metadata is
 * discovered on first use (and again after a failure, so a provider that was down is found once
 * it is back), the authorization request carries PKCE, state and nonce, and the code is
 * exchanged and its ID token validated by the library (signature, issuer, audience, expiry,
 * nonce). Failures become answers in words: 503 while the provider cannot be reached, 400 for an
 * answer that does not bear out.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(
    private readonly settings: OidcSettings,
    private readonly onError: (error: unknown, what: string) => void = () => undefined,
  ) {}

  /** The provider's authorization address for one attempt. */
  async authorizationUrl(redirectUri: string, checks: AttemptChecks): Promise<URL> {
    const config = await this.discovered();
    return client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /**
   * Exchanges the code the callback brought (its address: the redirect URI with the provider's
   * parameters) and returns who signed in, once the library has validated the answer.
   */
  async exchange(callbackUrl: URL, checks: AttemptChecks): Promise<ProviderClaims> {
    const config = await this.discovered();
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw notBorneOut('no ID token');
      const info = await this.userInfo(config, tokens.access_token, idToken);
      return { issuer: idToken.iss, subject: idToken.sub, claims: { ...info, ...idToken } };
    } catch (error) {
      throw this.refusal(error);
    }
  }

  /**
   * What the userinfo endpoint says, when the ID token leaves out the e-mail (many providers put
   * only the subject in it); the library checks that it speaks of the same subject.
   */
  private async userInfo(
    config: client.Configuration,
    accessToken: string,
    idToken: client.IDToken,
  ): Promise<Record<string, unknown>> {
    if (idToken.email !== undefined && idToken.email_verified !== undefined) return {};
    if (!config.serverMetadata().userinfo_endpoint || !accessToken) return {};
    return client.fetchUserInfo(config, accessToken, idToken.sub);
  }

  private discovered(): Promise<client.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = null;
      this.onError(error, 'discovering the OpenID Connect provider failed');
      throw providerUnreachable(this.settings.issuer);
    });
    return this.configuration;
  }

  private async discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    const url = new URL(issuer);
    // Plain HTTP is allowed for a loopback issuer only (env.ts refuses any other).
    const insecure = url.protocol === 'http:';
    const found = await client.discovery(url, clientId, clientSecret, undefined, {
      timeout: REQUEST_TIMEOUT_S,
      ...(insecure && { execute: [client.allowInsecureRequests] }),
    });
    // A client registered at the provider usually authenticates with HTTP Basic, the standard's
    // default; the form body only where the provider takes nothing else.
    const methods = found.serverMetadata().token_endpoint_auth_methods_supported;
    const basic = !methods || methods.includes('client_secret_basic');
    const config = new client.Configuration(
      found.serverMetadata(),
      clientId,
      clientSecret,
      basic ? client.ClientSecretBasic(clientSecret) : client.ClientSecretPost(clientSecret),
    );
    config.timeout = REQUEST_TIMEOUT_S;
    if (insecure) client.allowInsecureRequests(config);
    return config;
  }

  /** The answer in words for a failed exchange. */
  private refusal(error: unknown): unknown {
    if (error instanceof HttpError) return error;
    if (error instanceof client.AuthorizationResponseError) {
      const said = error.error_description ? `${error.error}: ${error.error_description}` : error.error;
      return notBorneOut(`the provider answered ${said}`);
    }
    if (error instanceof client.ResponseBodyError) {
      if (error.status >= 500) return this.unreachable(error);
      const said = error.error_description ? `${error.error}: ${error.error_description}` : error.error;
      return notBorneOut(`the provider refused the code: ${said}`);
    }
    if (isNetworkFailure(error)) return this.unreachable(error);
    if (error instanceof client.ClientError) {
      if (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') return this.unreachable(error);
      const cause = error.cause instanceof Error ? error.cause.message : '';
      return notBorneOut(cause && cause !== error.message ? `${error.message}: ${cause}` : error.message);
    }
    return error;
  }

  private unreachable(error: unknown): HttpError {
    this.onError(error, 'the OpenID Connect provider failed to answer a sign-in');
    return providerUnreachable(this.settings.issuer);
  }
}

/** A request that never got an answer: refused connection, timeout, broken TLS. */
function isNetworkFailure(error: unknown): boolean {
  // fetch's own failure (refused connection, DNS, TLS) is a TypeError 'fetch failed' with a cause.
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
}
