import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, jsonResponse } from '../../test/render';

/** Single sign-on on the one sign-in page (issue 35): the email's domain decides between the password and the provider. */
describe('sign-in page routing by email domain', () => {
  it('replaces the password by the organisation’s sign-in and goes to the provider', async () => {
    const calls: { url: string; body?: unknown }[] = [];
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url.startsWith('/api/auth/sso/discover'))
          return jsonResponse(
            url.includes('riverside.demo')
              ? { sso: true, organization_name: 'Riverside Health' }
              : { sso: false, organization_name: null },
          );
        if (url === '/api/auth/sso/start')
          return jsonResponse({ authorization_url: 'https://idp.example/authorize?x=1', nonce: 'n-1' });
        return jsonResponse(null);
      }),
    );
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'ray@riverside.demo');
    const button = await screen.findByRole('button', { name: "Continue with Riverside Health's sign-in" });
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    await user.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/authorize?x=1'));
    expect(calls.find((c) => c.url === '/api/auth/sso/start')?.body).toEqual({ email: 'ray@riverside.demo' });
    expect(JSON.parse(sessionStorage.getItem('portal.sso.pending') ?? 'null')).toMatchObject({ nonce: 'n-1' });
    expect(calls.some((c) => c.url === '/api/auth/token')).toBe(false);
    vi.unstubAllGlobals();
  });

  it('keeps the password field for other domains', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ sso: false, organization_name: null })),
    );
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'admin@acme.demo');
    await new Promise((r) => setTimeout(r, 500));
    expect(screen.getByLabelText(/Password/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
