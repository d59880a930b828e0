import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, messageText, PASSWORD_COMMON_MESSAGE } from '@portal/core';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '@portal/testing';

// Issue 34, item 5: scrypt's cost raised with a rehash at sign-in, and common or breached passwords refused wherever
// a password is set.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const tokenIn = (text: string) => /token=([\w%-]+)/.exec(text)?.[1] ?? '';
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const userRow = async (email: string) =>
  (await t.db('users').where({ email }).first('id', 'password_hash', 'password_changed_at')) as {
    id: number;
    password_hash: string;
    password_changed_at: Date | null;
  };
const signInCall = (email: string, password: string) =>
  t.call('POST', '/api/auth/token', { body: { grant_type: 'password', email, password } });

describe('password hash cost', () => {
  it('replaces a weaker hash at the next successful sign-in, and only then', async () => {
    const email = 'admin@acme.demo';
    const other = await t.signIn(email);
    const weak = await hashPassword(DEMO_PASSWORD, { log2N: 8 });
    await t.db('users').where({ email }).update({ password_hash: weak });
    const before = await userRow(email);

    // A wrong password changes nothing.
    expect((await signInCall(email, 'Wrong#Pass1')).status).toBe(401);
    expect((await userRow(email)).password_hash).toBe(weak);

    expect((await signInCall(email, DEMO_PASSWORD)).status).toBe(200);
    const after = await userRow(email);
    // The test app's cost (2^10; 2^17 outside tests), same password, not a password change: sessions go on.
    expect(after.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(after.password_changed_at).toEqual(before.password_changed_at);
    expect((await t.call('GET', '/api/me', { token: other.access_token })).status).toBe(200);
    const audit = await t.db('audit_events').where({ action: 'PASSWORD_REHASHED', entity_id: String(after.id) });
    expect(audit).toHaveLength(1);

    // Strong enough now: the next sign-in leaves it.
    expect((await signInCall(email, DEMO_PASSWORD)).status).toBe(200);
    expect((await userRow(email)).password_hash).toBe(after.password_hash);
  });
});

describe('common and breached passwords', () => {
  const refused = (res: { status: number; body: { m?: string; error?: { code?: string } } }) => {
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('PASSWORD_TOO_COMMON');
    expect(res.body.m).toBe(PASSWORD_COMMON_MESSAGE);
    expect(res.body.m).toBe(messageText('PASSWORD_TOO_COMMON'));
  };

  it('are refused on change-password, and a strong one is taken', async () => {
    const s = await t.signIn('admin@borealis.demo');
    const change = (password: string) =>
      t.call('PUT', '/api/me/change-password', {
        token: s.access_token,
        body: { current_password: DEMO_PASSWORD, password, password_confirmation: password },
      });
    refused(await change('Password1!'));
    refused(await change('Summer2024!'));
    refused(await change('P@ssw0rd'));
    expect((await signInCall('admin@borealis.demo', DEMO_PASSWORD)).status).toBe(200);
    expect((await change('Tangerine#Owl42')).status).toBe(200);
  });

  it('are refused on the set-password (reset) link, which stays usable', async () => {
    const email = 'recalls@acme.demo';
    await t.call('POST', '/api/auth/forgot-password', { body: { email } });
    const mail = await t.smtp.waitFor(email, (m) => m.subject === 'Reset your password');
    const link = decodeURIComponent(tokenIn(mail.text));
    refused(await t.call('POST', '/api/auth/reset-password', { body: { token: link, password: 'Welcome#2026' } }));
    const ok = await t.call('POST', '/api/auth/reset-password', { body: { token: link, password: 'Tangerine#Owl42' } });
    expect(ok.status).toBe(200);
  });

  it('are refused on restoreuser (unlock with a new password) and self-registration', async () => {
    const email = 'admin@lakeshore.demo';
    for (let i = 0; i < 5; i++) await signInCall(email, 'Wrong#Pass1');
    await t.call('POST', '/api/auth/userlock', { body: { email } });
    const code = codeIn((await t.smtp.waitFor(email, (m) => m.subject === 'Your account unlock code')).text);
    refused(
      await t.call('POST', '/api/auth/restoreuser', {
        body: { email, verification_code: code, password: 'Qwerty123!' },
      }),
    );
    const ok = await t.call('POST', '/api/auth/restoreuser', {
      body: { email, verification_code: code, password: 'Lakeshore#2027' },
    });
    expect(ok.status).toBe(200);

    refused(
      await t.call('POST', '/api/auth/SignUpUser', {
        body: {
          selfregistrationlink: 'riverside-health',
          first_name: 'Pat',
          last_name: 'Common',
          email: 'pat@riverside.demo',
          password: 'Iloveyou#1',
        },
      }),
    );
    expect(await t.db('users').where({ email: 'pat@riverside.demo' }).first()).toBeUndefined();
  });
});
