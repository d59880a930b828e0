import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { activateLocale } from '../../app/i18n';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 11,
  email: 'admin@riverside.demo',
  first_name: 'Rita',
  last_name: 'Riverside',
  full_name: 'Rita Riverside',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: { id: 7, name: 'Riverside Health', type: 'PROVIDER', profile_photo: null, isSSO: false },
};

const location = (id: number, name: string, status: string | null, site = 'Riverside Health') => ({
  id,
  supplier_name: 'Acme Medical Devices',
  location_id: `LOC-${id}`,
  location_name: name,
  address1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  email: null,
  provider_organization_id: 7,
  provider_name: site,
  verification_status: status,
  verified_at: status ? '2026-11-20T10:00:00Z' : null,
  updated_at: '2026-11-20T10:00:00Z',
});

const rows = [
  location(1, 'Main Pharmacy', 'COVERED'),
  location(2, 'North Ward', null, 'Riverside North Campus'),
  location(3, 'Loading Dock', 'NON_COVERED'),
];

function signedInServer() {
  setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', ['Provider_ManageLocations'])) });
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = url.split('?')[0] ?? '';
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === '/api/provider/locations-verification' && method === 'PUT') {
        puts.push(JSON.parse(String(init?.body)));
        return jsonResponse({ updated: 1, status: 'COVERED' });
      }
      if (path === '/api/provider/locations-verification')
        return jsonResponse({ items: rows, total: rows.length, pageNumber: 1, pageSize: 50, lastUpdated: null });
      return jsonResponse([]);
    }),
  );
  return puts;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe('provider locations verification', () => {
  it('shows the status words, verifies one location from its menu and a selection with a bulk button', async () => {
    const puts = signedInServer();
    renderApp('/provider/locations-verification');
    await screen.findByText('Main Pharmacy');
    expect(within(tableRowWith('Main Pharmacy')).getByText('Covered')).toBeTruthy();
    expect(within(tableRowWith('Loading Dock')).getByText('Not Covered')).toBeTruthy();
    expect(within(tableRowWith('North Ward')).getByText('Not verified')).toBeTruthy();
    expect(screen.queryByText('NON_COVERED')).toBeNull();
    expect(screen.getByText('Rows per page')).toBeTruthy();

    const user = userEvent.setup();
    // Bulk buttons wait for a selection.
    const bulk = screen.getByRole('group', { name: 'Verify the selected locations' });
    for (const word of ['Covered', 'Emailed', 'Not Covered', 'Invalid'])
      expect((within(bulk).getByRole('button', { name: word }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(tableRowWith('Main Pharmacy')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual([
      'Emailed',
      'Not Covered',
      'Invalid',
      'Unrecognized',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Invalid' }));
    await waitFor(() => expect(puts).toEqual([{ ids: [1], status: 'INVALID' }]));

    await user.click(within(tableRowWith('North Ward')).getByRole('checkbox'));
    await user.click(within(tableRowWith('Loading Dock')).getByRole('checkbox'));
    await user.click(within(bulk).getByRole('button', { name: 'Emailed' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ ids: [2, 3], status: 'EMAILED' });
  });

  it('words the statuses and buttons in Vietnamese', async () => {
    await activateLocale('vi');
    signedInServer();
    renderApp('/provider/locations-verification');
    await screen.findByText('Main Pharmacy');
    expect(within(tableRowWith('North Ward')).getByText('Chưa xác minh')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Đã gửi email' })).toBeTruthy();
    expect(within(tableRowWith('Main Pharmacy')).getByText('Đã bao phủ')).toBeTruthy();
    expect(within(tableRowWith('Loading Dock')).getByText('Không bao phủ')).toBeTruthy();
    expect(screen.queryByText('Not verified')).toBeNull();
    expect(screen.queryByText('Covered')).toBeNull();
  });
});
