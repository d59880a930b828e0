import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, jsonResponse } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

/** The /me/totp calls over a little state: pending, then enabled once the right code (123456) confirms it. */
function totpServer(initial: { enabled: boolean; required?: boolean }) {
  const state = { enabled: initial.enabled, left: initial.enabled ? 10 : 0 };
  const refused = () =>
    jsonResponse({ ok: false, m: 'Invalid or expired verification code.', error: { code: 'INVALID_CODE' } }, 400);
  signIn('SUPPLIER', []);
  return fakeApi(personOf('SUPPLIER'), ({ method, path, body }) => {
    const code = (body as { code?: string } | undefined)?.code;
    if (path === '/api/me/sessions') return jsonResponse([]);
    if (path === '/api/me/totp' && method === 'GET')
      return jsonResponse({
        enabled: state.enabled,
        confirmed_at: state.enabled ? '2026-11-28T10:00:00Z' : null,
        recovery_codes_left: state.left,
        required: initial.required ?? false,
      });
    if (path === '/api/me/totp/setup')
      return jsonResponse({ secret, otpauth_uri: `otpauth://totp/Recall%20Portal:me?secret=${secret}` });
    if (path === '/api/me/totp/confirm') {
      if (code !== '123456') return refused();
      Object.assign(state, { enabled: true, left: 10 });
      return jsonResponse({ recovery_codes: codes });
    }
    if (path === '/api/me/totp/disable') {
      if (code !== '123456') return refused();
      Object.assign(state, { enabled: false, left: 0 });
      return jsonResponse(null);
    }
    return undefined;
  });
}

describe('the authenticator panel of /account', () => {
  it('sets the app up: key and QR code, a wrong then a right code, then the recovery codes once', async () => {
    const calls = totpServer({ enabled: false, required: true });
    renderApp('/account');
    const panel = await screen.findByTestId('totp-panel');
    expect(within(panel).getByText('Your organization requires an authenticator app at sign-in.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Set up authenticator app' }));
    expect((await within(panel).findByTestId('totp-secret')).textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    await waitFor(() =>
      expect(within(panel).getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy(),
    );

    await user.type(within(panel).getByLabelText(/Code from the app/), '000000');
    await user.click(within(panel).getByRole('button', { name: 'Confirm' }));
    expect((await within(panel).findByTestId('totp-error')).textContent).toBe('Invalid or expired verification code.');

    await user.clear(within(panel).getByLabelText(/Code from the app/));
    await user.type(within(panel).getByLabelText(/Code from the app/), '123456');
    await user.click(within(panel).getByRole('button', { name: 'Confirm' }));
    const shown = await within(panel).findByTestId('recovery-codes');
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(await within(panel).findByTestId('totp-on')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/me/totp/confirm').map((c) => c.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('removes the app only with a code and after asking', async () => {
    const calls = totpServer({ enabled: true });
    renderApp('/account');
    const panel = await screen.findByTestId('totp-panel');
    expect((await within(panel).findByTestId('totp-on')).textContent).toContain('Recovery codes left: 10.');
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Remove authenticator app' }));
    expect(await within(panel).findByText('Enter a code from your authenticator app.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/me/totp/disable')).toBe(false);

    await user.type(within(panel).getByLabelText(/Authenticator or recovery code/), '123456');
    await user.click(within(panel).getByRole('button', { name: 'Remove authenticator app' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Remove the authenticator app?')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/me/totp/disable')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(panel).findByRole('button', { name: 'Set up authenticator app' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/me/totp/disable').map((c) => c.body)).toEqual([{ code: '123456' }]);
  });
});
