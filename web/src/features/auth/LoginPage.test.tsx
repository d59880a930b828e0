import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, jsonResponse } from '../../test/render';
import { makeJwt, claimsFor } from '../../test/jwt';
import { authErrorAtom, setPageToken, tokenAtom } from '../../state/auth';

const none = {
  access_token: null,
  token_type: 'Bearer',
  expires_in: null,
  login_as_required: null,
  Challenge: null,
};

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

async function typeCredentials(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('login page', () => {
  it('validates the fields before calling the server', async () => {
    const bodies = tokenServer(() => jsonResponse(none));
    renderApp('/login');
    await typeCredentials('not-an-email', 'x');
    expect(await screen.findByText('Email not valid')).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it('shows the server message for a wrong password', async () => {
    tokenServer(() =>
      jsonResponse({ ok: false, m: 'Invalid email or password.', error: { code: 'INVALID_CREDENTIALS' } }, 401),
    );
    renderApp('/login');
    await typeCredentials('admin@acme.demo', 'wrong');
    expect((await screen.findByTestId('login-error')).textContent).toBe('Invalid email or password.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks for the organisation, then the verification code, then returns to the remembered route', async () => {
    const access = makeJwt(claimsFor('PROVIDER', ['Provider_ManageRecalls'], { role_name: 'Recall Coordinator' }));
    const bodies = tokenServer((body) => {
      if (!body.login_as_organization_id)
        return jsonResponse({
          ...none,
          login_as_required: [
            { id: 7, name: 'Lakeshore Medical Center', type: 'PROVIDER' },
            { id: 4, name: 'Riverside Health', type: 'PROVIDER' },
          ],
        });
      if (!body.verification_code)
        return jsonResponse({
          ...none,
          Challenge: { type: 'EMAIL_CODE', message: 'We sent a code to a***@riverside.demo.' },
        });
      return jsonResponse({ ...none, access_token: access, expires_in: 900 });
    });
    const { location, store } = renderApp('/login?redirect=%2Fprovider%2Frecalls%3FconId%3D9');
    const user = await typeCredentials('multi@riverside.demo', 'Portal#2026');

    expect(await screen.findByRole('heading', { name: 'Choose an organization' })).toBeTruthy();
    await user.click(screen.getByLabelText('Riverside Health'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('We sent a code to a***@riverside.demo.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Verification code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/provider/recalls?conId=9'));
    // The page keeps the access token, in memory; the refresh token is the server's HttpOnly cookie.
    expect(store.get(tokenAtom)).toEqual({ access_token: access });
    expect(JSON.stringify({ ...localStorage })).not.toContain(access);
    expect(bodies).toEqual([
      { client_id: 'portal-web', grant_type: 'password', email: 'multi@riverside.demo', password: 'Portal#2026' },
      {
        client_id: 'portal-web',
        grant_type: 'password',
        email: 'multi@riverside.demo',
        password: 'Portal#2026',
        login_as_organization_id: '4',
      },
      {
        client_id: 'portal-web',
        grant_type: 'password',
        email: 'multi@riverside.demo',
        password: 'Portal#2026',
        login_as_organization_id: '4',
        verification_code: '123456',
      },
    ]);
  });

  it('goes to the landing page without a redirect and ignores foreign redirect targets', async () => {
    const access = makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls'], { role_name: 'Recall Coordinator' }));
    tokenServer(() => jsonResponse({ ...none, access_token: access }));
    const { location } = renderApp('/login?redirect=%2F%2Fevil.example.com');
    await typeCredentials('recalls@acme.demo', 'Portal#2026');
    await waitFor(() => expect(location.history.at(-1)).toBe('/supplier/recalls'));
  });

  it('offers an unlock code for a locked account and unlocks with it', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url === '/api/auth/token')
          return jsonResponse(
            {
              ok: false,
              m: 'Your account is locked after too many failed sign-in attempts. Unlock it with the code sent to your email.',
              error: { code: 'LOCKED' },
            },
            423,
          );
        return jsonResponse(null);
      }),
    );
    renderApp('/login');
    const user = await typeCredentials('admin@acme.demo', 'Portal#2026');
    expect((await screen.findByTestId('login-error')).textContent).toContain('Your account is locked');
    await user.click(screen.getByRole('button', { name: 'Send unlock code' }));
    await user.type(await screen.findByRole('textbox', { name: /Unlock code/ }), '654321');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Your account is unlocked. Please sign in.')).toBeTruthy();
    // The email's domain routing (issue 35) is asked as it is typed; it is not part of this flow.
    expect(calls.filter((u) => !u.startsWith('/api/auth/sso/'))).toEqual([
      '/api/auth/token',
      '/api/auth/userlock',
      '/api/auth/userlockotp',
    ]);
  });

  it('tells the user when the session ended because the refresh failed', async () => {
    const expired = makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls'], { exp: 1 }));
    setPageToken({ access_token: expired });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ ok: false, m: 'Refresh token revoked', error: { code: 'UNAUTHENTICATED' } }, 401),
      ),
    );
    const { store, location } = renderApp('/login');
    const { refreshSession } = await import('../../api/client');
    await expect(refreshSession(store)).rejects.toBeTruthy();
    expect(store.get(authErrorAtom)).toBe(true);
    expect((await screen.findByTestId('session-expired')).textContent).toBe(
      'Your session has expired. Please sign in again.',
    );
    expect(location.history.at(-1)).toBe('/login');
  });
});
