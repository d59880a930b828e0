import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';

const alice = {
  id: 1,
  email: 'alice@operator.demo',
  first_name: 'Alice',
  last_name: 'Person',
  full_name: 'Alice Person',
  phone: null,
  status: 'VERIFIED',
  organization_names: 'Operator',
  membership_count: 1,
  updated_at: '2026-11-02T10:00:00Z',
};

/** The operator's users list, with its own sign-in policy behind `policy`. */
function backend(policy: { two_factor: string }) {
  return fakeApi(personOf('NOTISPHERE'), ({ method, path, body }) => {
    if (method === 'GET' && path === '/api/notisphere/users')
      return jsonResponse({ items: [alice], total: 1, pageNumber: 1, pageSize: 50, lastUpdated: null });
    if (method === 'GET' && path === '/api/notisphere/users/organizations') return jsonResponse([]);
    if (method === 'GET' && path === '/api/notisphere/sign-in-policy') return jsonResponse(policy);
    if (method === 'PUT' && path === '/api/notisphere/sign-in-policy') {
      Object.assign(policy, body as object);
      return jsonResponse(policy);
    }
    return undefined;
  });
}

describe("the operator's own sign-in security", () => {
  it('shows the current second factor, warns about a weaker one, and saves the choice', async () => {
    signIn('NOTISPHERE', ['Notisphere_ManageUsers']);
    const policy = { two_factor: 'TOTP' };
    const calls = backend(policy);
    renderApp('/notisphere/users');
    await screen.findByText('alice@operator.demo');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign-in security' }));
    const dialog = await screen.findByTestId('sign-in-policy-form');
    // The policy loads first (the select shows it), then the field is there.
    await within(dialog).findAllByText('Authenticator app (required)');
    const select = within(dialog).getByRole('combobox', { name: 'Second factor at sign-in' });
    expect(select.textContent).toContain('Authenticator app (required)');
    expect(within(dialog).getByText(/set one up at their next sign-in/)).toBeTruthy();
    expect(within(dialog).queryByRole('note')).toBeNull();

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Code sent by email' }));
    expect(within(dialog).getByRole('note').textContent).toMatch(/An authenticator app is recommended/);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('sign-in-policy-form')).toBeNull());
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/notisphere/sign-in-policy');
    expect(put?.body).toEqual({ two_factor: 'EMAIL_CODE' });
    expect(await screen.findByText('Sign-in security saved.')).toBeTruthy();
  });

  it('shows a refusal in the dialog and keeps it open', async () => {
    signIn('NOTISPHERE', ['Notisphere_ManageUsers']);
    fakeApi(personOf('NOTISPHERE'), ({ method, path }) => {
      if (method === 'GET' && path === '/api/notisphere/users')
        return jsonResponse({ items: [alice], total: 1, pageNumber: 1, pageSize: 50, lastUpdated: null });
      if (method === 'GET' && path === '/api/notisphere/users/organizations') return jsonResponse([]);
      if (method === 'GET' && path === '/api/notisphere/sign-in-policy') return jsonResponse({ two_factor: 'NONE' });
      if (method === 'PUT' && path === '/api/notisphere/sign-in-policy')
        return jsonResponse({ ok: false, m: 'You do not have permission.', error: { code: 'FORBIDDEN' } }, 403);
      return undefined;
    });
    renderApp('/notisphere/users');
    await screen.findByText('alice@operator.demo');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign-in security' }));
    const dialog = await screen.findByTestId('sign-in-policy-form');
    await within(dialog).findAllByText('None');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText("You don't have permission to access.")).toBeTruthy();
    expect(screen.getByTestId('sign-in-policy-form')).toBeTruthy();
  });
});
