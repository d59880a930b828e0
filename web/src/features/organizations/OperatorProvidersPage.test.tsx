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

const riverside = {
  id: 7,
  name: 'Riverside Health',
  notisphere_id: 'PRV-0001',
  address1: '1 River Road',
  address2: null,
  city: 'Sacramento',
  state: 'CA',
  zip: '95814',
  phone: null,
  email: null,
  domain: null,
  status: 'ACTIVE',
  is_sso: true,
  is_notisphere_managed: false,
  requires_second_factor: false,
  admin_name: 'Rita Riverside',
  admin_email: 'admin@riverside.demo',
  admin_status: 'VERIFIED',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
  site_count: 2,
  sites: 'Riverside North Campus, Riverside South Clinic',
};

const detail = {
  ...riverside,
  type: 'PROVIDER',
  country: 'US',
  self_registration_link: 'riverside-health',
  self_registration_url: 'http://localhost/registration/riverside-health',
  self_registration_role_id: 12,
  self_registration_role: 'Responder',
  roles: [
    { id: 11, name: 'Administrator' },
    { id: 12, name: 'Responder' },
  ],
  user_count: 3,
  sites: [
    {
      id: 8,
      name: 'Riverside North Campus',
      notisphere_id: 'PRV-0001-01',
      address1: null,
      address2: null,
      city: 'Sacramento',
      state: 'CA',
      zip: '95815',
      phone: null,
      email: null,
      status: 'ACTIVE',
    },
    {
      id: 9,
      name: 'Riverside South Clinic',
      notisphere_id: 'PRV-0001-02',
      address1: null,
      address2: null,
      city: 'Elk Grove',
      state: 'CA',
      zip: '95624',
      phone: null,
      email: null,
      status: 'ACTIVE',
    },
  ],
};

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
      if (method === 'GET' && path === '/api/notisphere/organizations/providers')
        return jsonResponse({ items: [riverside], total: 1, pageNumber: 1, pageSize: 50, lastUpdated: null });
      if (method === 'GET' && path === '/api/notisphere/organizations/providers/7') return jsonResponse(detail);
      if (path === '/api/notisphere/organizations/downloadprovideraccountcsv')
        return new Response('Health System\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': "attachment; filename*=UTF-8''Provider%20Account%20Report%2011-24-2026.csv",
          },
        });
      if (method === 'PUT' || method === 'POST') return jsonResponse(detail);
      if (method === 'GET') return jsonResponse({});
      return jsonResponse({ ok: false, m: 'nope', error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return calls;
}

describe('operator providers', () => {
  it('lists health systems with their sites, offers 50 to 500 rows, downloads the report with the filters', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ManageProviders'])) });
    const calls = backend();
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    renderApp('/notisphere/providers');
    await screen.findByText('Riverside Health');
    expect(
      within(tableRowWith('Riverside Health')).getByText('Riverside North Campus, Riverside South Clinic'),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['50', '100', '250', '500']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: 'SSO' }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('downloadprovideraccountcsv'))).toBe(true));
    const download = calls.find((c) => c.url.includes('downloadprovideraccountcsv'))!;
    const params = new URLSearchParams(download.url.split('?')[1]);
    expect(JSON.parse(params.get('filterModel') ?? '{}')).toMatchObject({ is_sso: { filter: 'true' } });
    expect(params.get('pageSize')).toBeNull();
  });

  it('edits a provider: renames a site, deactivates another, adds a new one', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ManageProviders'])) });
    const calls = backend();
    renderApp('/notisphere/providers');
    await screen.findByText('Riverside Health');
    const user = userEvent.setup();
    await user.click(within(tableRowWith('Riverside Health')).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const first = await within(dialog).findByTestId('site-0');
    expect(within(dialog).getByTestId('registration-url').textContent).toContain(
      'http://localhost/registration/riverside-health',
    );
    const name = within(first).getByRole('textbox', { name: /Site name/ });
    await user.clear(name);
    await user.type(name, 'Riverside North Hospital');
    await user.click(within(within(dialog).getByTestId('site-1')).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add site' }));
    await user.type(
      within(within(dialog).getByTestId('site-2')).getByRole('textbox', { name: /Site name/ }),
      'Riverside East',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toContain('/api/notisphere/organizations/providers/7');
    expect(put.body).toMatchObject({
      name: 'Riverside Health',
      is_sso: true,
      self_registration_role: 'Responder',
      sites: [
        { id: 8, name: 'Riverside North Hospital', status: 'ACTIVE' },
        { id: 9, status: 'DEACTIVATED' },
        { name: 'Riverside East' },
      ],
    });
    expect((put.body as { administrator?: unknown }).administrator).toBeUndefined();
  });
});
