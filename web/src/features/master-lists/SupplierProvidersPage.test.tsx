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

const provider = (id: number, name: string, counts: Record<string, number>) => ({
  id,
  name,
  notisphere_id: `PRV-${id}`,
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  covered_count: 0,
  emailed_count: 0,
  non_covered_count: 0,
  invalid_count: 0,
  unrecognized_count: 0,
  unverified_count: 0,
  ...counts,
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('supplier providers', () => {
  it("shows each provider's verification progress: verified of all, and a bar worded per status", async () => {
    setPageToken({ access_token: makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageLocations'])) });
    const rows = [
      provider(7, 'Riverside Health', {
        location_count: 4,
        covered_count: 2,
        non_covered_count: 1,
        unverified_count: 1,
      }),
      provider(9, 'Lakeshore Medical Center', { location_count: 2, unverified_count: 2 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = url.split('?')[0] ?? '';
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/me/organization') return jsonResponse(me.organization);
        if (path === '/api/supplier/providers')
          return jsonResponse({ items: rows, total: 2, pageNumber: 1, pageSize: 50, lastUpdated: null });
        return jsonResponse([]);
      }),
    );
    renderApp('/supplier/providers');
    await screen.findByText('Riverside Health');
    const riverside = within(tableRowWith('Riverside Health'));
    expect(riverside.getByText('3 of 4 verified')).toBeTruthy();
    expect(riverside.getByRole('img').getAttribute('aria-label')).toBe('Covered: 2, Not Covered: 1, Not verified: 1');
    const lakeshore = within(tableRowWith('Lakeshore Medical Center'));
    expect(lakeshore.getByText('0 of 2 verified')).toBeTruthy();
    expect(lakeshore.getByRole('img').getAttribute('aria-label')).toBe('Not verified: 2');
  });
});
