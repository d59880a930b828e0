import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { activateLocale } from '../../app/i18n';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

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

const suppliers = [
  { id: 3, name: 'Acme Medical Devices' },
  { id: 5, name: 'Borealis Pharma' },
];

const location = (id: number, name: string, supplier: [number, string], status: string | null) => ({
  id,
  organization_id: supplier[0],
  supplier_organization_id: supplier[0],
  supplier_name: supplier[1],
  location_file_id: null,
  file_name: null,
  location_id: `LOC-${id}`,
  location_name: name,
  idn: null,
  address1: '1 Main St',
  address2: null,
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  type: null,
  email: null,
  notisphere_id: null,
  provider_organization_id: 7,
  provider_name: 'Riverside Health',
  verification_status: status,
  verified_at: status ? '2026-11-20T10:00:00Z' : null,
  status: 'ACTIVE',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
});

const rows = [
  location(1, 'Main Pharmacy', [3, 'Acme Medical Devices'], null),
  location(2, 'North Ward', [5, 'Borealis Pharma'], 'EMAILED'),
];

type Call = { method: string; url: string; body?: unknown };

function backend(): Call[] {
  setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ManageLocations'])) });
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const path = url.split('?')[0];
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === '/api/notisphere/locations/suppliers') return jsonResponse(suppliers);
      if (path === '/api/notisphere/locations-verification' && method === 'PUT')
        return jsonResponse({ updated: (body as { ids: number[] }).ids.length, status: 'COVERED' });
      if (path === '/api/notisphere/locations-verification' || path === '/api/notisphere/locations')
        return jsonResponse({ items: rows, total: rows.length, pageNumber: 1, pageSize: 50, lastUpdated: null });
      if (path === '/api/notisphere/locations/csv-download')
        return new Response('Supplier\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': "attachment; filename*=UTF-8''Locations%20Report%2011-24-2026.csv",
          },
        });
      if (path === '/api/notisphere/locations/xlsx-download')
        return jsonResponse({ ok: false, m: 'No locations match.', error: { code: 'NO_LOCATIONS' } }, 404);
      return jsonResponse([]);
    }),
  );
  return calls;
}

const filterModelOf = (call: Call | undefined) =>
  JSON.parse(new URLSearchParams(call?.url.split('?')[1]).get('filterModel') ?? '{}') as Record<
    string,
    { filter: string }
  >;
const lastGet = (calls: Call[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.split('?')[0] === `/api${path}`).at(-1);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe('operator locations verification', () => {
  it('lists the locations not verified yet, filters by supplier, verifies one and a selection for their providers', async () => {
    const calls = backend();
    renderApp('/notisphere/locations-verification');
    await screen.findByText('Main Pharmacy');
    // "Not verified" is preselected: the operator's work list.
    expect(filterModelOf(lastGet(calls, '/notisphere/locations-verification'))).toMatchObject({
      verification_status: { filter: 'NONE' },
    });
    expect(within(tableRowWith('North Ward')).getByText('Emailed')).toBeTruthy();
    expect(within(tableRowWith('North Ward')).getByText('Borealis Pharma')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['50', '100', '250', '500']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: 'Supplier' }));
    await user.click(await screen.findByRole('option', { name: 'Borealis Pharma' }));
    await waitFor(() =>
      expect(filterModelOf(lastGet(calls, '/notisphere/locations-verification'))).toMatchObject({
        verification_status: { filter: 'NONE' },
        supplier_organization_id: { filter: '5' },
      }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'All statuses' }));
    await waitFor(() =>
      expect(filterModelOf(lastGet(calls, '/notisphere/locations-verification')).verification_status).toBeUndefined(),
    );

    await user.click(within(tableRowWith('Main Pharmacy')).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unrecognized' }));
    const puts = () => calls.filter((c) => c.method === 'PUT');
    await waitFor(() => expect(puts().map((c) => c.body)).toEqual([{ ids: [1], status: 'UNABLE_PROCESSED' }]));

    await user.click(within(tableRowWith('Main Pharmacy')).getByRole('checkbox'));
    await user.click(within(tableRowWith('North Ward')).getByRole('checkbox'));
    const bulk = screen.getByRole('group', { name: 'Verify the selected locations' });
    await user.click(within(bulk).getByRole('button', { name: 'Covered' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toMatchObject({
      url: '/api/notisphere/locations-verification',
      body: { ids: [1, 2], status: 'COVERED' },
    });
  });
});

describe('operator locations', () => {
  it('lists every supplier location, filters by supplier, verification and state, downloads what it lists', async () => {
    const calls = backend();
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    renderApp('/notisphere/locations');
    await screen.findByText('Main Pharmacy');
    expect(within(tableRowWith('Main Pharmacy')).getByText('Not verified')).toBeTruthy();
    expect(within(tableRowWith('North Ward')).getByText('Emailed')).toBeTruthy();
    expect(screen.queryByText('EMAILED')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['50', '100', '250', '500']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: 'Supplier' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Medical Devices' }));
    await user.click(screen.getByRole('combobox', { name: 'Verification' }));
    await user.click(await screen.findByRole('option', { name: 'Covered' }));
    await user.type(screen.getByLabelText('State'), 'il');
    await waitFor(() =>
      expect(filterModelOf(lastGet(calls, '/notisphere/locations'))).toMatchObject({
        organization_id: { filter: '3' },
        verification_status: { filter: 'COVERED' },
        state: { filter: 'IL' },
      }),
    );

    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/notisphere/locations/csv-download'))).toBe(true));
    const download = calls.find((c) => c.url.includes('/notisphere/locations/csv-download'));
    expect(filterModelOf(download)).toMatchObject({ organization_id: { filter: '3' }, state: { filter: 'IL' } });
    expect(new URLSearchParams(download?.url.split('?')[1]).get('pageSize')).toBeNull();
  });

  it('says why a download was refused', async () => {
    backend();
    renderApp('/notisphere/locations');
    await screen.findByText('Main Pharmacy');
    await userEvent.setup().click(screen.getByRole('button', { name: 'XLSX' }));
    expect(await screen.findByText('No locations match.')).toBeTruthy();
  });

  it('words the page in Vietnamese', async () => {
    await activateLocale('vi');
    backend();
    renderApp('/notisphere/locations');
    await screen.findByText('Main Pharmacy');
    expect(within(tableRowWith('Main Pharmacy')).getByText('Chưa xác minh')).toBeTruthy();
    expect(within(tableRowWith('North Ward')).getByText('Đã gửi email')).toBeTruthy();
  });
});
