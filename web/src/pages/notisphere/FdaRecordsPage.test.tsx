import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';

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

const row = {
  id: 1,
  recall_number: 'Z-0053-2020',
  kind: 'device-recall',
  event_number: '82984',
  status: 'Terminated',
  classification: null,
  recalling_firm: 'Arrow International Inc',
  product_description: 'Pediatric Two-Lumen Central Venous Catheterization Kit',
  reason_for_recall: 'Lidstock contains a labeling error.',
  code_info: 'Lot/Batch Numbers: 13F18C0374, 13F18G0480',
  product_code: 'FOZ',
  device_name: 'Catheter, Intravascular',
  k_numbers: ['K900263'],
  ndc: [],
  brand_names: [],
  generic_names: [],
  manufacturer_names: [],
  initiation_date: '2019-05-17',
  report_date: null,
  termination_date: '2020-09-24',
  updated_at: '2026-11-24T10:00:00Z',
};
const record = {
  ...row,
  record: { product_res_number: 'Z-0053-2020', postal_code: '19605-9607' },
  openfda: { regulation_number: '880.5200' },
  enforcement: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function backend() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const path = url.split('?')[0];
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === '/api/notisphere/fda/devices')
        return jsonResponse({ items: [row], total: 1, pageNumber: 1, pageSize: 50, lastUpdated: null });
      if (path === '/api/notisphere/fda/devices/Z-0053-2020') return jsonResponse(record);
      if (path === '/api/notisphere/fda/without-event/devices')
        return jsonResponse({ items: [], total: 0, pageNumber: 1, pageSize: 50, lastUpdated: null });
      return jsonResponse({});
    }),
  );
  return calls;
}

describe('operator FDA devices', () => {
  it('searches by lot number and opens the record with every field (openfda block included)', async () => {
    localStorage.setItem(
      'user-token',
      JSON.stringify({
        access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ViewFDAInformation'])),
        refresh_token: 'r1',
      }),
    );
    const calls = backend();
    renderApp('/notisphere/fda-devices');
    await screen.findByText('Arrow International Inc');
    expect(within(tableRowWith('Z-0053-2020')).getByText('Terminated')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox'), '13F18G0480');
    await waitFor(() => expect(calls.some((u) => u.includes('search=13F18G0480'))).toBe(true));
    await user.click(await screen.findByRole('button', { name: 'Z-0053-2020' }));
    const dialog = await screen.findByTestId('fda-record');
    expect(await within(dialog).findByText('19605-9607')).toBeTruthy();
    expect(within(dialog).getByText('880.5200')).toBeTruthy();
    await user.keyboard('{Escape}');
    // Only the portal's suppliers' recalls without an event: another call, the same grid.
    await user.click(screen.getByRole('switch', { name: 'Only recalls of portal suppliers without a portal event' }));
    await waitFor(() =>
      expect(calls.some((u) => u.startsWith('/api/notisphere/fda/without-event/devices'))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('Arrow International Inc')).toBeNull());
  });
});
