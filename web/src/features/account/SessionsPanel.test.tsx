import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, jsonResponse } from '../../test/render';
import { fakeApi, personOf, signIn, type ApiCall } from '../../test/backend';
import { tokenAtom } from '../../state/auth';

const CURRENT = '0b5c6f0e-1d6a-4c1e-9a55-2f1f3c4d5e6f';
const PHONE = '7a1e2b3c-4d5e-4f60-8a9b-0c1d2e3f4a5b';

function sessions() {
  return [
    {
      id: PHONE,
      browser: 'Safari',
      os: 'iOS',
      user_agent: 'Mozilla/5.0 (iPhone)',
      ip: '203.0.113.21',
      started_at: '2026-11-28T08:00:00.000Z',
      last_seen_at: '2026-11-28T09:30:00.000Z',
      current: false,
    },
    {
      id: CURRENT,
      browser: 'Chrome',
      os: 'Windows',
      user_agent: 'Mozilla/5.0 (Windows NT 10.0)',
      ip: '198.51.100.7',
      started_at: '2026-11-28T07:00:00.000Z',
      last_seen_at: '2026-11-28T09:00:00.000Z',
      current: true,
    },
  ];
}

function setup() {
  signIn('SUPPLIER', []);
  let list = sessions();
  const calls = fakeApi(personOf('SUPPLIER'), (call: ApiCall) => {
    if (call.path === '/api/me/sessions' && call.method === 'GET') return jsonResponse(list);
    if (call.path === `/api/me/sessions/${PHONE}` && call.method === 'DELETE') {
      list = list.filter((s) => s.id !== PHONE);
      return jsonResponse(null);
    }
    if (call.path === `/api/me/sessions/${CURRENT}` && call.method === 'DELETE') return jsonResponse(null);
    if (call.path === '/api/me/sessions/end-others') {
      list = list.filter((s) => s.current);
      return jsonResponse({ ended: 1 });
    }
    if (call.path === '/api/auth/logout') return jsonResponse(null);
    // The other panel of the page (the authenticator app's), not under test here.
    if (call.path === '/api/me/totp')
      return jsonResponse({ enabled: false, confirmed_at: null, recovery_codes_left: 0, required: false });
    return undefined;
  });
  return calls;
}

const rowOf = (text: string) =>
  screen.getAllByTestId('session-row').find((row) => within(row).queryByText(text, { exact: false }))!;

describe('the sessions on /account', () => {
  it('lists each session by device, address, start and last seen, this device marked', async () => {
    setup();
    renderApp('/account');
    const panel = await screen.findByTestId('sessions');
    await within(panel).findByText('Safari on iOS');
    const current = rowOf('Chrome on Windows');
    expect(within(current).getByText('This device')).toBeTruthy();
    expect(within(current).getByText(/198\.51\.100\.7/)).toBeTruthy();
    const phone = rowOf('Safari on iOS');
    expect(within(phone).queryByText('This device')).toBeNull();
    expect(within(phone).getByText(/203\.0\.113\.21/)).toBeTruthy();
    expect(within(phone).getByText(/11\/28\/2026/)).toBeTruthy();
  });

  it('ends another session only after asking', async () => {
    const calls = setup();
    renderApp('/account');
    const user = userEvent.setup();
    await screen.findByText('Safari on iOS');
    await user.click(within(rowOf('Safari on iOS')).getByRole('button', { name: 'End the session on Safari on iOS' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/End the session on Safari on iOS\?/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/me/sessions/${PHONE}`]);
  });

  it('ends all other sessions after asking, and cancelling does nothing', async () => {
    const calls = setup();
    renderApp('/account');
    const user = userEvent.setup();
    await screen.findByText('Safari on iOS');
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/api/me/sessions/end-others')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'End other sessions' }),
    );
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/me/sessions/end-others')).toHaveLength(1);
    expect(screen.getByText('Chrome on Windows')).toBeTruthy();
  });

  it("ending this device's session signs this page out", async () => {
    const calls = setup();
    const { store } = renderApp('/account');
    const user = userEvent.setup();
    await screen.findByText('Chrome on Windows');
    await user.click(
      within(rowOf('Chrome on Windows')).getByRole('button', { name: 'End the session on Chrome on Windows' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/You will be signed out here/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(store.get(tokenAtom)).toBeNull());
    expect(calls.some((c) => c.path === `/api/me/sessions/${CURRENT}` && c.method === 'DELETE')).toBe(true);
    expect(calls.some((c) => c.path === '/api/auth/logout')).toBe(true);
  });
});
