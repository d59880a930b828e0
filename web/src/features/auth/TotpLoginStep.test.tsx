import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, jsonResponse } from '../../test/render';
import { makeJwt, claimsFor } from '../../test/jwt';
import { tokenAtom } from '../../state/auth';
import { totpAnswerOf } from './TotpLoginStep';

const none = {
  access_token: null,
  token_type: 'Bearer',
  expires_in: null,
  login_as_required: null,
  Challenge: null,
  recovery_codes: null,
};
const access = makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls']));

function tokenServer(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/token') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        bodies.push(body);
        return answer(body);
      }
      return jsonResponse({ ok: false, m: 'not here', error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return bodies;
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email/), 'admin@acme.demo');
  await user.type(screen.getByLabelText(/Password/), 'Portal#2026');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('the authenticator step of the sign-in', () => {
  it('tells an app code from a recovery code', () => {
    expect(totpAnswerOf(' 123 456 ')).toEqual({ verification_code: '123456' });
    expect(totpAnswerOf('abcde-fghjk')).toEqual({ recovery_code: 'abcde-fghjk' });
  });

  it('asks for the code after the password, shows a refusal, then signs in with a recovery code', async () => {
    const bodies = tokenServer((body) => {
      if (!body.verification_code && !body.recovery_code)
        return jsonResponse({ ...none, Challenge: { type: 'TOTP', message: 'Enter the code.', enrollment: null } });
      if (body.verification_code === '111111')
        return jsonResponse(
          { ok: false, m: 'Invalid or expired verification code.', error: { code: 'INVALID_CODE' } },
          401,
        );
      return jsonResponse({ ...none, access_token: access, expires_in: 900 });
    });
    const { store } = renderApp('/login');
    const user = await signIn();
    expect(await screen.findByRole('heading', { name: 'Authenticator code' })).toBeTruthy();
    // No email code here: nothing to resend.
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();

    const field = screen.getByLabelText(/Authenticator or recovery code/);
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Invalid or expired verification code.');
    expect(store.get(tokenAtom)?.access_token).toBeFalsy();

    await user.clear(field);
    await user.type(field, 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(store.get(tokenAtom)?.access_token).toBe(access));
    expect(bodies.at(-1)).toMatchObject({
      email: 'admin@acme.demo',
      password: 'Portal#2026',
      recovery_code: 'abcde-fghjk',
    });
    expect(bodies.at(-1)).not.toHaveProperty('verification_code');
  });

  it('enrols when the organisation requires an app: shows the key, then sends the first code', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const bodies = tokenServer((body) =>
      body.verification_code
        ? jsonResponse({ ...none, access_token: access, expires_in: 900 })
        : jsonResponse({
            ...none,
            Challenge: {
              type: 'TOTP_ENROLL',
              message: 'Set it up.',
              enrollment: { secret, otpauth_uri: `otpauth://totp/Recall%20Portal:a?secret=${secret}` },
            },
          }),
    );
    const { store } = renderApp('/login');
    const user = await signIn();
    expect(await screen.findByRole('heading', { name: 'Set up your authenticator app' })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent?.replace(/\s/g, '')).toBe(secret);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Field required')).toBeTruthy();
    await user.type(screen.getByLabelText(/Code from the app/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(store.get(tokenAtom)?.access_token).toBe(access));
    expect(bodies.at(-1)).toMatchObject({ verification_code: '654321' });
  });

  it('after an enrolment at sign-in, shows the ten recovery codes once before the session starts', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i + 2}-fghjk`);
    tokenServer((body) =>
      body.verification_code
        ? jsonResponse({ ...none, access_token: access, expires_in: 900, recovery_codes: codes })
        : jsonResponse({
            ...none,
            Challenge: {
              type: 'TOTP_ENROLL',
              message: 'Set it up.',
              enrollment: { secret, otpauth_uri: `otpauth://totp/Recall%20Portal:a?secret=${secret}` },
            },
          }),
    );
    const { store } = renderApp('/login');
    const user = await signIn();
    await user.type(await screen.findByLabelText(/Code from the app/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Your recovery codes' })).toBeTruthy();
    const shown = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(shown).toEqual(codes);
    // Not signed in until the person says the codes are kept: leaving now would lose them.
    expect(store.get(tokenAtom)?.access_token).toBeFalsy();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(store.get(tokenAtom)?.access_token).toBe(access));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Your recovery codes' })).toBeNull());
  });
});
