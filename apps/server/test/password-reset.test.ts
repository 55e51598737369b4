import { type ApiClient, pathOf, routes } from '@caravanserai/api';
import { expectStatus, PASSWORD, type SignedIn, useServer } from '@caravanserai/test-kit';
import { useMailbox } from '@caravanserai/test-kit/mailbox';
import { describe, expect, it } from 'vitest';
import {
  RESET_DONE,
  RESET_LINK_INVALID,
  RESET_SENT,
  RESET_UNAVAILABLE,
} from '../src/modules/auth/password-reset.service.js';
import { hashToken } from '../src/modules/auth/token.js';

const NEW_PASSWORD = 'saffron lanterns at dusk';

/** The uid and token of the reset link in a mail. */
function linkIn(text: string): { url: URL; uid: string; token: string } {
  const found = /https?:\/\/\S+\/password\/reset\/confirm\/\?\S+/.exec(text);
  if (!found) throw new Error(`no reset link in:\n${text}`);
  const url = new URL(found[0]);
  return { url, uid: url.searchParams.get('uid')!, token: url.searchParams.get('token')! };
}

const confirm = (
  client: ApiClient,
  link: { uid: string; token: string },
  password = NEW_PASSWORD,
  again = password,
) => client.auth.passwordResetConfirm({ ...link, new_password1: password, new_password2: again });

describe('password reset by e-mail', () => {
  const mailbox = useMailbox();
  const t = useServer({
    users: ['alice', 'bob'],
    overrides: () => ({ smtpUrl: mailbox.url, mailFrom: 'Caravanserai <noreply@caravans.example>' }),
  });
  const anon = () => t.server.client();
  const address = (user: SignedIn) => `${user.username}@example.com`;

  /** Asks for a link for the user and reads it from the mail that arrives. */
  async function mailedLink(user: SignedIn) {
    const seen = mailbox.to(address(user)).length;
    expect(await anon().auth.passwordReset({ email: address(user) })).toEqual({ detail: RESET_SENT });
    const mail = await mailbox.next(address(user), seen);
    return { mail, ...linkIn(mail.text) };
  }

  it('is offered by the server', async () => {
    expect(await anon().config.get()).toMatchObject({ password_reset: true });
  });

  it('mails a link to the page that sets a new password, which then ends every token of the user', async () => {
    const phone = await anon().auth.login({ username: t.alice.username, password: PASSWORD });
    const { mail, url, uid, token } = await mailedLink(t.alice);
    expect(mail.parsed.from?.value[0]).toMatchObject({
      name: 'Caravanserai',
      address: 'noreply@caravans.example',
    });
    expect(mail.subject).toBe('Reset your Caravanserai password');
    expect(mail.text).toContain(`"${t.alice.username}"`);
    expect(mail.text).toContain('within an hour');
    expect(url.origin).toBe(t.server.origin);
    expect(url.pathname).toBe('/password/reset/confirm/');
    expect(uid).toBe(Buffer.from(String(t.alice.pk)).toString('base64url'));
    // Stored hashed: the token is nowhere in the database.
    const rows = await t.server.testDb.db.kysely.selectFrom('password_resets').selectAll().execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    expect(await confirm(anon(), { uid, token })).toEqual({ detail: RESET_DONE });
    // Every token of the user is over, the asking device's and any other.
    for (const key of [t.alice.token, phone.key]) await expectStatus(t.server.client(key).auth.user(), 401);
    await expectStatus(anon().auth.login({ username: t.alice.username, password: PASSWORD }), 400);
    const { key } = await anon().auth.login({ username: t.alice.username, password: NEW_PASSWORD });
    expect((await t.server.client(key).auth.user()).username).toBe(t.alice.username);

    // Used once: the same link again is refused in words, and changes nothing.
    expect(await expectStatus(confirm(anon(), { uid, token }, 'another fine phrase 9'), 400)).toEqual({
      token: [RESET_LINK_INVALID],
    });
    await anon().auth.login({ username: t.alice.username, password: NEW_PASSWORD });
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const before = mailbox.mails.length;
    const known = await t.server.http(pathOf(routes.auth.passwordReset), {
      method: 'POST',
      body: JSON.stringify({ email: address(t.bob) }),
    });
    const unknown = await t.server.http(pathOf(routes.auth.passwordReset), {
      method: 'POST',
      body: JSON.stringify({ email: 'nobody-here@example.com' }),
    });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    await t.server.app.services.passwordResets.settled();
    expect(mailbox.to('nobody-here@example.com')).toEqual([]);
    expect(mailbox.mails.length).toBe(before + 1);
  });

  it('refuses an expired link (400) and a link with another user’s uid, changing nothing', async () => {
    const { uid, token } = await mailedLink(t.bob);
    await t.server.testDb.db.kysely
      .updateTable('password_resets')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect(await expectStatus(confirm(anon(), { uid, token }), 400)).toEqual({ token: [RESET_LINK_INVALID] });

    const fresh = await mailedLink(t.bob);
    const otherUid = Buffer.from(String(t.alice.pk)).toString('base64url');
    await expectStatus(confirm(anon(), { uid: otherUid, token: fresh.token }), 400);
    await expectStatus(confirm(anon(), { uid: 'not base64 at all!', token: fresh.token }), 400);
    await expectStatus(confirm(anon(), { uid: fresh.uid, token: 'x'.repeat(43) }), 400);
    // Bob still signs in with his password, and his token still works.
    await anon().auth.login({ username: t.bob.username, password: PASSWORD });
    await t.bob.client.auth.user();
  });

  it('refuses passwords that differ or break the registration’s rules (400), keeping the link usable', async () => {
    const link = await mailedLink(t.bob);
    expect(await expectStatus(confirm(anon(), link, NEW_PASSWORD, `${NEW_PASSWORD}!`), 400)).toEqual({
      new_password2: ["The two password fields didn't match."],
    });
    expect(await expectStatus(confirm(anon(), link, 'password'), 400)).toEqual({
      new_password2: ['This password is too common.'],
    });
    expect(await expectStatus(confirm(anon(), link, t.bob.username), 400)).toMatchObject({
      new_password2: expect.arrayContaining(['The password is too similar to the username.']),
    });
    await t.bob.client.auth.user();
    await confirm(anon(), link);
    await anon().auth.login({ username: t.bob.username, password: NEW_PASSWORD });
  });

  it('lets one link of several set the password, ending the others', async () => {
    const carol = await t.server.signup('carol');
    const first = await mailedLink(carol);
    const second = await mailedLink(carol);
    await confirm(anon(), second);
    await expectStatus(confirm(anon(), first, 'yet another phrase 7'), 400);
    await anon().auth.login({ username: carol.username, password: NEW_PASSWORD });
  });

  it('mails a disabled account nothing', async () => {
    const dave = await t.server.signup('dave');
    await t.server.testDb.db.kysely
      .updateTable('users')
      .set({ disabled_at: Date.now() })
      .where('id', '=', dave.pk)
      .execute();
    await anon().auth.passwordReset({ email: address(dave) });
    await t.server.app.services.passwordResets.settled();
    expect(mailbox.to(address(dave))).toEqual([]);
  });

  it('refuses a body it cannot use (400)', async () => {
    for (const body of [{}, { email: 'not an address' }, { email: `${'a'.repeat(250)}@example.com` }]) {
      const res = await t.server.http(pathOf(routes.auth.passwordReset), {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const res = await t.server.http(pathOf(routes.auth.passwordResetConfirm), {
      method: 'POST',
      body: JSON.stringify({ uid: 'MQ', token: 'a\u0000b', new_password1: 'x', new_password2: 'x' }),
    });
    expect(res.status).toBe(400);
  });
});

describe('password reset without SMTP_URL', () => {
  const t = useServer({ users: ['alice'] });

  it('is not offered, and asking for it answers 503 in words', async () => {
    expect(await t.server.client().config.get()).toMatchObject({ password_reset: false });
    expect(
      await expectStatus(
        t.server.client().auth.passwordReset({ email: `${t.alice.username}@example.com` }),
        503,
      ),
    ).toEqual({ code: 'not_configured', detail: RESET_UNAVAILABLE });
  });
});
