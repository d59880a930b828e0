import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 40,
  email: 'admin@acme.demo',
  first_name: 'Ada',
  last_name: 'Acme',
  full_name: 'Ada Acme',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: { id: 2, name: 'Acme Medical Devices', type: 'SUPPLIER', profile_photo: null, isSSO: false },
};

const location = (id: number, name: string, verification: string | null) => ({
  id,
  location_id: `LOC-${id}`,
  location_name: name,
  idn: null,
  address1: null,
  address2: null,
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  type: null,
  email: null,
  notisphere_id: null,
  provider_name: 'Riverside Health',
  file_name: null,
  verification_status: verification,
  status: 'ACTIVE',
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('supplier locations', () => {
  it("shows the provider's verification of each location in words", async () => {
    setPageToken({ access_token: makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageLocations'])) });
    const rows = [location(1, 'Main Pharmacy', 'COVERED'), location(2, 'North Ward', null)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = url.split('?')[0] ?? '';
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/me/organization') return jsonResponse(me.organization);
        if (path === '/api/supplier/locations')
          return jsonResponse({ items: rows, total: 2, pageNumber: 1, pageSize: 50, lastUpdated: null });
        return jsonResponse([]);
      }),
    );
    renderApp('/supplier/locations');
    await screen.findByText('Main Pharmacy');
    expect(screen.getByRole('columnheader', { name: /Verification/ })).toBeTruthy();
    expect(within(tableRowWith('Main Pharmacy')).getByText('Covered')).toBeTruthy();
    expect(within(tableRowWith('North Ward')).getByText('Not verified')).toBeTruthy();
    expect(screen.queryByText('COVERED')).toBeNull();
  });
});
