import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, jsonResponse } from '../../test/render';

function server(handler: (url: string, body: unknown) => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ url, body });
      return handler(url, body);
    }),
  );
  return calls;
}

describe('public pages', () => {
  it('registers by link and goes to the sign-up success page', async () => {
    const calls = server((url) =>
      url.startsWith('/api/auth/organization-bylink')
        ? jsonResponse({ id: 4, name: 'Riverside Health', type: 'PROVIDER' })
        : jsonResponse({ email: 'nina@riverside.demo', status: 'PENDING' }, 201),
    );
    const { location } = renderApp('/registration/riverside-health');
    expect(await screen.findByRole('heading', { name: 'Register with Riverside Health' })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/First name/), 'Nina');
    await user.type(screen.getByLabelText(/Last name/), 'Nurse');
    await user.type(screen.getByLabelText(/^Email/), 'nina@riverside.demo');
    await user.type(screen.getByLabelText(/^Password/), 'Nurse#2026x');
    await user.type(screen.getByLabelText(/Confirm password/), 'Nurse#2026x');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/success-signup'));
    expect(calls[0]?.url).toBe('/api/auth/organization-bylink?selfregistrationlink=riverside-health');
    expect(calls[1]).toEqual({
      url: '/api/auth/SignUpUser',
      body: {
        selfregistrationlink: 'riverside-health',
        first_name: 'Nina',
        last_name: 'Nurse',
        email: 'nina@riverside.demo',
        password: 'Nurse#2026x',
      },
    });
  });

  it('shows the server message for an unknown registration link', async () => {
    server(() =>
      jsonResponse(
        { ok: false, m: 'This registration link is not valid.', error: { code: 'REGISTRATION_LINK_INVALID' } },
        404,
      ),
    );
    renderApp('/registration/nope');
    expect((await screen.findByRole('alert')).textContent).toBe('This registration link is not valid.');
  });

  it('resets the password with the token of the link', async () => {
    const calls = server(() => jsonResponse(null));
    const { location } = renderApp('/reset-password?token=abc%2B123');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/New password/), 'Better#2027');
    await user.type(screen.getByLabelText(/Confirm password/), 'Better#2027');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/success?reason=password-reset'));
    expect(calls).toEqual([{ url: '/api/auth/reset-password', body: { token: 'abc+123', password: 'Better#2027' } }]);
  });

  it('verifies the email with the token of the link', async () => {
    const calls = server(() => jsonResponse(null));
    renderApp('/verify-email?token=tok');
    expect(await screen.findByText('Your email is verified. You can sign in now.')).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/auth/verify-email', body: { token: 'tok' } }]);
  });

  it('sends the forgot-password request and confirms', async () => {
    const calls = server(() => jsonResponse(null));
    const { location } = renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), ' someone@acme.demo ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/success?reason=forgot-password'));
    expect(calls).toEqual([{ url: '/api/auth/forgot-password', body: { email: 'someone@acme.demo' } }]);
    expect(await screen.findByTestId('success')).toBeTruthy();
  });
});
