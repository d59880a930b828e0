import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const event = {
  id: 7,
  organization_id: 3,
  supplier_name: 'Acme Medical Devices',
  type: 'RECALL',
  status: 'OPEN',
  current_step: 3,
  name: 'Infusion pumps',
  event_id: 'E-7',
  subtype: 'REMOVAL',
  classification: 'CLASSI',
  reason: null,
  description: '<p>Stop using <b>lot 9</b></p>',
  disposition: 'DESTROYED',
  lead_time: null,
  event_date: '2026-11-01',
  end_date: null,
  contact_name: 'Rick',
  contact_email: 'recalls@acme.demo',
  contact_phone: null,
  approved_at: '2026-11-01T10:00:00Z',
  closed_at: null,
  first_sent_at: '2026-11-01T11:00:00Z',
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
  products: [{ id: 1, product_name: 'Pump 3000', lot_number: 'L-9', catalog_number: null, udi: null }],
  actions: [{ id: 2, action_type: 'Checkbox', title: 'Which wards?', options: ['ICU', 'ER'], is_required: true }],
  documents: [{ id: 11, name: 'notice.pdf', type: 'application/pdf', size: 10, signed_url: '/api/files/old' }],
};

const row = (id: number, extra: object) => ({
  id,
  provider_id: 50,
  provider_name: 'Riverside Health',
  site_id: null,
  site_name: null,
  status: 'OPEN',
  acknowledged_at: null,
  acknowledged_by: null,
  response_status: 'NOTCOMPLETED',
  not_affected_reason: null,
  not_affected_at: null,
  due_date: '2026-11-25',
  overdue: true,
  completed_at: null,
  ...extra,
});
const providers = [
  row(101, { provider_id: 60, provider_name: 'Lakeshore Medical Center' }),
  row(102, {
    site_id: 51,
    site_name: 'Riverside North Campus',
    acknowledged_at: '2026-11-21T09:00:00Z',
    acknowledged_by: 'admin@riverside.demo',
  }),
  row(103, {
    site_id: 52,
    site_name: 'Riverside South Clinic',
    response_status: 'COMPLETED',
    completed_at: '2026-11-22T09:00:00Z',
    not_affected_reason: 'We have none of this product',
    overdue: false,
  }),
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the operator's Responses tab", () => {
  it('lists each provider with its site, acknowledgement, answer in words, due date and overdue mark', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ManageRecalls'])) });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        const path = url.split('?')[0] ?? url;
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/me/organization') return jsonResponse(me.organization);
        if (path === '/api/notisphere/communications/7') return jsonResponse(event);
        if (path === '/api/notisphere/communications/7/histories') return jsonResponse([]);
        if (path === '/api/notisphere/communications/7/providers')
          return jsonResponse({ items: providers, total: 3, pageNumber: 1, pageSize: 50, lastUpdated: null });
        return jsonResponse({});
      }),
    );
    renderApp('/notisphere/recalls/view/7');
    await screen.findByRole('heading', { name: 'Infusion pumps' });
    // Read only when opened.
    expect(calls.some((c) => c.includes('/providers'))).toBe(false);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Responses' }));
    const tab = await screen.findByTestId('operator-providers-tab');
    await within(tab).findByText('Lakeshore Medical Center');
    await waitFor(() =>
      expect(calls.some((c) => c.startsWith('/api/notisphere/communications/7/providers?'))).toBe(true),
    );

    const lakeshore = tableRowWith('Lakeshore Medical Center');
    expect(within(lakeshore).getByText('In Progress')).toBeTruthy();
    expect(within(lakeshore).getByText('Overdue')).toBeTruthy();
    expect(within(lakeshore).getByText('11/25/2026')).toBeTruthy();
    const north = tableRowWith('Riverside North Campus');
    expect(within(north).getByText('Riverside Health')).toBeTruthy();
    expect(within(north).getByText('admin@riverside.demo')).toBeTruthy();
    const south = tableRowWith('Riverside South Clinic');
    expect(within(south).getByText('Not affected — We have none of this product')).toBeTruthy();
    expect(within(south).queryByText('Overdue')).toBeNull();
    expect(calls.some((c) => c.includes('/supplier/'))).toBe(false);
  });
});
