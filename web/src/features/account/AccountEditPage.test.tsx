import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, jsonResponse } from '../../test/render';
import { makeJwt, claimsFor } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 1,
  email: 'admin@acme.demo',
  first_name: 'Alice',
  last_name: 'Acme',
  full_name: 'Alice Acme',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: { id: 2, name: 'Acme Medical Devices', type: 'SUPPLIER', profile_photo: null, isSSO: false },
};

function setup() {
  setPageToken({ access_token: makeJwt(claimsFor('SUPPLIER', [])) });
  const writes: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      if (method !== 'GET') writes.push({ url, method, body: JSON.parse(String(init.body)) });
      if (url === '/api/me' && method === 'GET') return jsonResponse(me);
      if (url === '/api/me' && method === 'PUT')
        return jsonResponse({ ...me, ...(JSON.parse(String(init.body)) as object) });
      if (url === '/api/me/change-password') {
        const body = JSON.parse(String(init.body)) as { current_password: string };
        return body.current_password === 'Portal#2026'
          ? jsonResponse(null)
          : jsonResponse({ ok: false, m: 'Current password is incorrect.', error: { code: 'VALIDATION_ERROR' } }, 400);
      }
      return jsonResponse({ ok: false, m: 'not here', error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return writes;
}

describe('account edit page', () => {
  it('saves names and phone after validating them', async () => {
    const writes = setup();
    renderApp('/account/edit');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Profile' });
    const first = within(form).getByLabelText(/First name/);
    await waitFor(() => expect((first as HTMLInputElement).value).toBe('Alice'));
    await user.clear(first);
    await user.type(within(form).getByLabelText(/Phone/), '555');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(within(form).getByText('Field required')).toBeTruthy();
    expect(within(form).getByText('Invalid phone number')).toBeTruthy();
    // The field says what it takes, and the message is tied to it (a screen reader hears both).
    const phone = within(form).getByLabelText(/Phone/);
    expect(phone.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(form).getByText('10 digits, for example (555) 555-0100; +1 in front is optional.')).toBeTruthy();
    expect(writes).toHaveLength(0);

    await user.type(first, 'Alicia');
    await user.clear(within(form).getByLabelText(/Phone/));
    await user.type(within(form).getByLabelText(/Phone/), '+1 916 555 0142');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText('Your profile was saved.', { selector: '[data-slot="toast-description"]' }),
    ).toBeTruthy();
    expect(writes).toEqual([
      { url: '/api/me', method: 'PUT', body: { first_name: 'Alicia', last_name: 'Acme', phone: '+1 916 555 0142' } },
    ]);
  });

  it('applies verify_password and confirmed, then shows the server message', async () => {
    const writes = setup();
    renderApp('/account/edit');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText(/Current password/), 'wrong');
    await user.type(within(form).getByLabelText(/New password/), 'password1');
    await user.type(within(form).getByLabelText(/Confirm password/), 'password2');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText(/^Minimum 8 characters, must contain at least/)).toBeTruthy();
    expect(within(form).getByText("Password doesn't match")).toBeTruthy();
    expect(writes).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/New password/));
    await user.type(within(form).getByLabelText(/New password/), 'Better#2027');
    await user.clear(within(form).getByLabelText(/Confirm password/));
    await user.type(within(form).getByLabelText(/Confirm password/), 'Better#2027');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Current password is incorrect.');

    await user.clear(within(form).getByLabelText(/Current password/));
    await user.type(within(form).getByLabelText(/Current password/), 'Portal#2026');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Your password was changed.', { selector: '[data-slot="toast-description"]' }),
    ).toBeTruthy();
    expect(writes.at(-1)).toEqual({
      url: '/api/me/change-password',
      method: 'PUT',
      body: { current_password: 'Portal#2026', password: 'Better#2027', password_confirmation: 'Better#2027' },
    });
    expect((within(form).getByLabelText(/New password/) as HTMLInputElement).value).toBe('');
  });
});
