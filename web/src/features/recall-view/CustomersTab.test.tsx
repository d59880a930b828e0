import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 5,
  email: 'recalls@acme.demo',
  first_name: 'Rick',
  last_name: 'Recalls',
  full_name: 'Rick Recalls',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Recall Coordinator',
  organization: { id: 2, name: 'Acme Medical Devices', type: 'SUPPLIER', profile_photo: null, isSSO: false },
};

const recall = {
  id: 7,
  organization_id: 2,
  type: 'RECALL',
  status: 'OPEN',
  current_step: 3,
  subtype: 'REMOVAL',
  name: 'Infusion pumps',
  event_id: 'E-7',
  classification: 'CLASSI',
  reason: null,
  description: null,
  disposition: null,
  lead_time: null,
  event_date: null,
  end_date: null,
  contact_name: null,
  contact_email: null,
  contact_phone: null,
  products: [],
  actions: [],
  customers_count: 3,
  locations_count: 0,
  provider_communications_count: 3,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  approved_at: '2026-11-20T10:00:00Z',
};

const customer = (id: number, name: string, extra: object) => ({
  id,
  name,
  emails: [`c${id}@clinic.test`],
  source: 'PROVIDER',
  provider_organization_id: id + 100,
  provider_communication_id: id + 200,
  sent_at: '2026-11-20T11:00:00Z',
  acknowledged_at: null,
  response_status: 'NOTCOMPLETED',
  completed_at: null,
  due_date: '2026-11-25',
  overdue: true,
  not_affected_reason: null,
  ...extra,
});
const lakeshore = customer(1, 'Lakeshore Medical Center', {});
const north = customer(2, 'Riverside North Campus', { acknowledged_at: '2026-11-21T09:00:00Z' });
const south = customer(3, 'Riverside South Clinic', {
  response_status: 'COMPLETED',
  completed_at: '2026-11-22T09:00:00Z',
  overdue: false,
  not_affected_reason: 'We have none of this product',
});
const page = (items: object[]) => ({ items, total: items.length, pageNumber: 1, pageSize: 50, lastUpdated: null });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function backend() {
  setPageToken({ access_token: makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls'])) });
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const [path, qs = ''] = url.split('?');
      const query = new URLSearchParams(qs);
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === '/api/supplier/communications/7') return jsonResponse(recall);
      if (path === '/api/supplier/communications/7/customers') {
        if (query.get('parentId') === '50') return jsonResponse(page([north, south]));
        if (query.get('overdue') === '1') return jsonResponse(page([lakeshore, north]));
        return jsonResponse(page([lakeshore, north, south]));
      }
      if (path === '/api/supplier/communications/7/health-systems')
        return jsonResponse([
          {
            provider_id: 50,
            provider_name: 'Riverside Health',
            sites: 2,
            acknowledged: 1,
            answered: 0,
            not_affected: 1,
            overdue: 1,
          },
        ]);
      return jsonResponse([]);
    }),
  );
  return calls;
}

describe("the supplier's customers tab", () => {
  it('opens on the overdue customers from a link, and shows every customer with its due date and answer', async () => {
    const calls = backend();
    renderApp('/supplier/recalls/view/7?tab=customers&overdue=1');
    const tab = await screen.findByTestId('customers-tab');
    const overdue = await within(tab).findByRole('button', { name: 'Overdue (2)' });
    expect(overdue.getAttribute('aria-pressed')).toBe('true');
    await within(tab).findByText('Lakeshore Medical Center');
    expect(within(tab).queryByText('Riverside South Clinic')).toBeNull();
    expect(
      calls.some((c) => c.startsWith('/api/supplier/communications/7/customers?') && c.includes('overdue=1')),
    ).toBe(true);
    expect(within(tableRowWith('Lakeshore Medical Center')).getByText('Overdue')).toBeTruthy();
    expect(within(tableRowWith('Lakeshore Medical Center')).getByText('11/25/2026')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(tab).getByRole('button', { name: 'All' }));
    await within(tab).findByText('Not affected — We have none of this product');
    expect(within(tableRowWith('Riverside South Clinic')).queryByText('Overdue')).toBeNull();
    expect(within(tab).getByRole('button', { name: 'Overdue (2)' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('rolls the sites up per health system, each opening to its sites', async () => {
    const calls = backend();
    renderApp('/supplier/recalls/view/7?tab=customers');
    const panel = await screen.findByTestId('health-systems');
    const system = within(panel).getByTestId('health-system-50');
    expect(within(system).getByText('Riverside Health')).toBeTruthy();
    const figure = (label: string) => within(system).getByText(label).nextElementSibling?.textContent;
    expect(figure('Sites')).toBe('2');
    expect(figure('Acknowledged')).toBe('1');
    expect(figure('Not affected')).toBe('1');
    expect(figure('Overdue')).toBe('1');

    const user = userEvent.setup();
    const toggle = within(system).getByRole('button', { name: 'Show sites of Riverside Health' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    await within(system).findByText('Riverside North Campus');
    expect(within(system).getByText('Not affected — We have none of this product')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.includes('/customers?') && c.includes('parentId=50'))).toBe(true));
    expect(
      within(system).getByRole('button', { name: 'Hide sites of Riverside Health' }).getAttribute('aria-expanded'),
    ).toBe('true');
  });
});

describe("the worklist's links into the view", () => {
  it('open the delivery tab on the bounced recipients', async () => {
    const calls = backend();
    renderApp('/supplier/recalls/view/7?tab=delivery&delivery=BOUNCED');
    await screen.findByTestId('delivery-tab');
    await waitFor(() =>
      expect(
        calls.some((c) => c.startsWith('/api/supplier/communications/7/deliveries?') && c.includes('status=BOUNCED')),
      ).toBe(true),
    );
  });
});
