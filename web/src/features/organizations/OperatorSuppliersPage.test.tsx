import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';
import { SSO_SETTINGS, ssoNotConfigured } from '../../test/backend';

const me = {
  id: 42,
  email: 'admin@operator.demo',
  first_name: 'Olga',
  last_name: 'Operator',
  full_name: 'Olga Operator',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: { id: 1, name: 'NotiSphere', type: 'NOTISPHERE', profile_photo: null, isSSO: false },
};

const supplier = (id: number, name: string, status: string, admin_status: string) => ({
  id,
  name,
  notisphere_id: `SUP-00000${id}`,
  address1: '1 Main St',
  address2: null,
  city: 'Denver',
  state: 'CO',
  zip: '80202',
  phone: null,
  email: null,
  domain: null,
  status,
  is_sso: false,
  is_notisphere_managed: id === 2,
  requires_second_factor: false,
  admin_name: 'Ada Admin',
  admin_email: `ada${id}@zenith.demo`,
  admin_status,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
});

const rows = [
  supplier(1, 'Acme Medical Devices', 'ACTIVE', 'VERIFIED'),
  supplier(2, 'Old Supply', 'DEACTIVATED', 'VERIFICATION'),
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function backend() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const path = url.split('?')[0];
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (method === 'GET' && SSO_SETTINGS.test(path ?? '')) return jsonResponse(ssoNotConfigured(7));
      if (method === 'GET' && path === '/api/notisphere/organizations/suppliers')
        return jsonResponse({ items: rows, total: 2, pageNumber: 1, pageSize: 50, lastUpdated: null });
      if (method === 'GET' && path === '/api/notisphere/organizations/suppliers/1')
        return jsonResponse({ ...rows[0], roles: [{ id: 5, name: 'Administrator' }] });
      if (method === 'POST' && path === '/api/notisphere/organizations/suppliers')
        return jsonResponse({ ...supplier(3, 'Zenith', 'ACTIVE', 'VERIFICATION'), roles: [] });
      if (method === 'DELETE' || method === 'PUT') return jsonResponse({ id: 1 });
      if (method === 'GET') return jsonResponse({});
      return jsonResponse({ ok: false, m: 'nope', error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return calls;
}

function signInAsOperator() {
  setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ManageSuppliers'])) });
}

describe('operator suppliers', () => {
  it('lists suppliers with words for the statuses and row actions by status', async () => {
    signInAsOperator();
    const calls = backend();
    renderApp('/notisphere/suppliers');
    await screen.findByText('Acme Medical Devices');
    expect(within(tableRowWith('Old Supply')).getByText('Deactivated')).toBeTruthy();
    expect(within(tableRowWith('Old Supply')).getByText('Verification Email Sent')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(tableRowWith('Acme Medical Devices')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Edit', 'Inactivate']);
    await user.keyboard('{Escape}');
    await user.click(within(tableRowWith('Old Supply')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Activate']);
    await user.click(screen.getByRole('menuitem', { name: 'Activate' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/notisphere/organizations/suppliers/2'))).toBe(
        true,
      ),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'ACTIVE' });

    // The status filter travels as an exact filter in filterModel.
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Deactivated' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.method === 'GET' && c.url.includes('/organizations/suppliers?')).at(-1)!;
      expect(JSON.parse(new URLSearchParams(last.url.split('?')[1]).get('filterModel') ?? '{}')).toMatchObject({
        status: { filter: 'DEACTIVATED' },
      });
    });
  });

  it('opens an active supplier from its name (the Edit dialog), leaves a deactivated one to its menu, and counts items', async () => {
    signInAsOperator();
    const calls = backend();
    renderApp('/notisphere/suppliers');
    await screen.findByText('Acme Medical Devices');
    expect(screen.getByText('Total 2 items')).toBeTruthy();
    expect(within(tableRowWith('Old Supply')).queryByRole('button', { name: 'Old Supply' })).toBeNull();
    const user = userEvent.setup();
    await user.click(
      within(tableRowWith('Acme Medical Devices')).getByRole('button', { name: 'Acme Medical Devices' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Edit supplier' })).toBeTruthy();
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'GET' && c.url.startsWith('/api/notisphere/organizations/suppliers/1')),
      ).toBe(true),
    );
  });

  it('onboards a supplier with its administrator, after the form checks the fields', async () => {
    signInAsOperator();
    const calls = backend();
    renderApp('/notisphere/suppliers');
    await screen.findByText('Acme Medical Devices');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add supplier' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('Field required').length).toBeGreaterThan(0);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Zenith Surgical');
    await user.type(within(dialog).getByRole('textbox', { name: /^City/ }), 'Denver');
    await user.type(within(dialog).getByRole('textbox', { name: /Administrator first name/ }), 'Ada');
    await user.type(within(dialog).getByRole('textbox', { name: /Administrator last name/ }), 'Admin');
    await user.type(within(dialog).getByRole('textbox', { name: /Administrator email/ }), 'ada@zenith.demo');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Notisphere managed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toContain('/api/notisphere/organizations/suppliers');
    expect(post?.body).toMatchObject({
      name: 'Zenith Surgical',
      city: 'Denver',
      is_notisphere_managed: true,
      administrator: { first_name: 'Ada', last_name: 'Admin', email: 'ada@zenith.demo', phone: null },
    });
  });
});
