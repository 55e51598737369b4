import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.js';
import { refusalOf as refusal } from './env-refusal.test-helper.js';
import { loadOidcSettings } from './oidc-settings.js';

const SSO = {
  OIDC_ISSUER: 'https://id.example.org/realms/staff',
  OIDC_CLIENT_ID: 'caravanserai',
  OIDC_CLIENT_SECRET: 's3cret-value',
};

describe('the single sign-on settings', () => {
  it('are off unless set, and read with their defaults when set', () => {
    expect(loadOidcSettings(parseEnv({}))).toBeNull();
    expect(loadOidcSettings(parseEnv(SSO))).toEqual({
      issuer: SSO.OIDC_ISSUER,
      clientId: 'caravanserai',
      clientSecret: 's3cret-value',
      label: 'SSO',
      allowedDomains: [],
    });
    const full = parseEnv({
      ...SSO,
      OIDC_BUTTON_LABEL: ' Keycloak ',
      OIDC_ALLOWED_DOMAINS: 'Corp.Example, @lab.example,',
    });
    expect(loadOidcSettings(full)).toMatchObject({
      label: 'Keycloak',
      allowedDomains: ['corp.example', 'lab.example'],
    });
  });

  it('refuse to start with only some of the three, naming what is missing', () => {
    const message = refusal({ OIDC_ISSUER: SSO.OIDC_ISSUER });
    expect(message).toContain(
      'OIDC_CLIENT_ID="" must be set: OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET are needed together',
    );
    expect(message).toContain('OIDC_CLIENT_SECRET="" must be set');
    expect(message).not.toContain('OIDC_ISSUER=');
    expect(refusal({ OIDC_ALLOWED_DOMAINS: 'corp.example' })).toContain(
      'OIDC_ALLOWED_DOMAINS="corp.example" means nothing without single sign-on',
    );
  });

  it('refuse an issuer over plain HTTP off loopback, bad domains and labels, and never repeat the secret', () => {
    expect(refusal({ ...SSO, OIDC_ISSUER: 'http://id.example.org' })).toContain(
      'OIDC_ISSUER="http://id.example.org" must be',
    );
    expect(loadOidcSettings(parseEnv({ ...SSO, OIDC_ISSUER: 'http://127.0.0.1:9000' }))?.issuer).toBe(
      'http://127.0.0.1:9000',
    );
    expect(refusal({ ...SSO, OIDC_ISSUER: 'https://id.example.org/?x=1' })).toContain('OIDC_ISSUER=');
    expect(refusal({ ...SSO, OIDC_ALLOWED_DOMAINS: 'corp example' })).toContain('OIDC_ALLOWED_DOMAINS=');
    expect(refusal({ ...SSO, OIDC_BUTTON_LABEL: 'x'.repeat(41) })).toContain('OIDC_BUTTON_LABEL=');
    const secret = refusal({ OIDC_CLIENT_SECRET: 'do-not-print-me' });
    expect(secret).not.toContain('do-not-print-me');
  });
});
