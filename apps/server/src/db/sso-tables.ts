// The tables of single sign-on (DESIGN 11), in the shape `Database` (database.ts) holds them.

/** A sign-in started at the provider and not yet finished: good for one callback, ten minutes. */
export interface SsoAttemptsTable {
  /** SHA-256 of the state sent to the provider. */
  state_hash: string;
  /** SHA-256 of the key the browser that started it keeps. */
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  /** Where the provider sends the browser back: the token request must name it again. */
  redirect_uri: string;
  created_at: number;
  expires_at: number;
}

/** Which account a person of the provider is: found by issuer and subject on every sign-in. */
export interface SsoIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: number;
  created_at: number;
  last_sign_in_at: number;
}
