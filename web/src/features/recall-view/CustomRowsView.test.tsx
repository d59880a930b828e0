import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

/** Issue 16 part B: a custom-content event's products tab is its customers' rows, with their per-unit answers. */
const organization = (type: string) => ({ id: 2, name: 'Org', type, profile_photo: null, isSSO: false });
const me = (type: string) => ({
  id: 42,
  email: 'someone@acme.demo',
  first_name: 'Sam',
  last_name: 'One',
  full_name: 'Sam One',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: organization(type),
});

const event = {
  id: 9,
  organization_id: 2,
  supplier_name: 'Acme Medical Devices',
  type: 'RECALL',
  status: 'OPEN',
  current_step: 3,
  custom_content: true,
  subtype: null,
  name: 'Pump recall',
  event_id: 'R-9',
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
  actions: [
    { id: 71, action_type: 'Numeric', title: 'Units quarantined', options: [], is_required: true, per_unit: true },
    { id: 72, action_type: 'Acknowledge', title: 'Read it', options: [], is_required: true, per_unit: false },
  ],
  documents: [],
  customers_count: 2,
  locations_count: 0,
  provider_communications_count: 2,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  approved_at: '2026-11-20T10:00:00Z',
  closed_at: null,
  first_sent_at: '2026-11-20T11:00:00Z',
};

const row = (id: number, org: number, customer: string, lot: string, answer: string | null) => ({
  id,
  provider_organization_id: org,
  customer_key: `PRV-${org}`,
  customer_name: customer,
  product_name: 'Infusion pump',
  catalog_number: null,
  lot_number: lot,
  serial_number: `SN-${id}`,
  udi: null,
  quantity: 1,
  expiration_date: null,
  custom_fields: {},
  unit_answers: answer === null ? [] : [{ action_id: 71, value: { valueNumeric: answer } }],
});
const rows = [
  row(1, 7, 'Riverside Health', 'R-1', '4'),
  row(2, 7, 'Riverside Health', 'R-2', null),
  row(3, 8, 'Lakeshore Medical Center', 'L-1', '2'),
];

function serve(prefix: string, type: string, sent = true) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method && init.method !== 'GET' ? `${init.method} ` : ''}${url}`);
      const [path, search] = url.split('?') as [string, string | undefined];
      const customer = new URLSearchParams(search ?? '').get('provider_organization_id');
      if (path === '/api/me') return jsonResponse(me(type));
      if (path === '/api/me/organization') return jsonResponse(organization(type));
      if (path === `/api${prefix}/9`) return jsonResponse(sent ? event : { ...event, first_sent_at: null });
      if (path === `/api${prefix}/9/custom-content/file`) return jsonResponse({ rows: 3, customers: 2 });
      if (path === `/api${prefix}/9/custom-content/customers`)
        return jsonResponse([
          { provider_organization_id: 8, customer_name: 'Lakeshore Medical Center', rows: 1 },
          { provider_organization_id: 7, customer_name: 'Riverside Health', rows: 2 },
        ]);
      if (path === `/api${prefix}/9/custom-content`) {
        const items = customer ? rows.filter((r) => String(r.provider_organization_id) === customer) : rows;
        return jsonResponse({ custom_content: true, items, total: items.length, pageNumber: 1, pageSize: 50 });
      }
      return jsonResponse([]);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function checkRows(calls: string[], prefix: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Products' }));
  const grid = await screen.findByTestId('custom-rows');
  expect(within(grid).getByRole('columnheader', { name: 'Units quarantined' })).toBeTruthy();
  expect(within(grid).queryByRole('columnheader', { name: 'Read it' })).toBeNull();
  const r1 = await within(grid).findByRole('row', { name: /R-1/ });
  expect(within(r1).getByText('4')).toBeTruthy();
  await user.click(within(grid).getByRole('combobox', { name: 'Customer' }));
  await user.click(await screen.findByRole('option', { name: 'Lakeshore Medical Center (1 rows)' }));
  await waitFor(() => expect(within(grid).queryByRole('row', { name: /R-1/ })).toBeNull());
  const l1 = within(grid).getByRole('row', { name: /L-1/ });
  expect(within(l1).getByText('Lakeshore Medical Center')).toBeTruthy();
  expect(within(l1).getByText('2')).toBeTruthy();
  expect(
    calls.some((c) => c.startsWith(`/api${prefix}/9/custom-content?`) && c.includes('provider_organization_id=8')),
  ).toBe(true);
}

describe('custom-content event views', () => {
  it("the supplier's event view lists the customers' rows with their per-unit answers, per customer", async () => {
    setPageToken({
      access_token: makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls'], { role_name: 'Recall Coordinator' })),
    });
    const calls = serve('/supplier/communications', 'SUPPLIER');
    renderApp('/supplier/recalls/view/9');
    await checkRows(calls, '/supplier/communications');
    // Sent: the rows can no longer be corrected.
    expect(screen.queryByTestId('custom-rows-correction')).toBeNull();
  });

  it("the supplier's event view offers its tabs in the spec's order, Details first", async () => {
    setPageToken({
      access_token: makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls'], { role_name: 'Recall Coordinator' })),
    });
    serve('/supplier/communications', 'SUPPLIER');
    renderApp('/supplier/recalls/view/9');
    await screen.findByRole('tab', { name: 'Details' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Details',
      'Products',
      'Actions',
      'Affected Locations',
      'Customers',
      // Issue 31: the delivery of a sent event, beside its customers.
      'Delivery',
      'Sales Reps',
      'Provider Responses',
      'Paper Responses',
      'History',
      'Reports',
      'Conversations',
      // Issue 33: the supplier's own follow-up, after the spec's tabs.
      'Delegates',
      'Follow-up Tasks',
    ]);
    expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
  });

  it('an approved event not yet sent offers a corrected customer file on its products tab', async () => {
    setPageToken({
      access_token: makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls'], { role_name: 'Recall Coordinator' })),
    });
    const calls = serve('/supplier/communications', 'SUPPLIER', false);
    renderApp('/supplier/recalls/view/9');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Products' }));
    const box = await screen.findByTestId('custom-rows-correction');
    expect(within(box).getByRole('button', { name: 'Upload corrected rows' })).toBeTruthy();
    await user.upload(
      within(box).getByLabelText('Customer product file'),
      new File(['Customer Key,Product Name\nPRV-0001,Pump'], 'fixed.csv', { type: 'text/csv' }),
    );
    await waitFor(() => expect(calls).toContain('POST /api/supplier/communications/9/custom-content/file'));
  });

  it("the operator's View Recall reads the same rows through its own route, read-only", async () => {
    setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ManageRecalls'])) });
    const calls = serve('/notisphere/communications', 'NOTISPHERE');
    renderApp('/notisphere/recalls/view/9');
    await checkRows(calls, '/notisphere/communications');
    expect(calls.some((c) => c.includes('/supplier/'))).toBe(false);
    expect(screen.queryByTestId('custom-rows-correction')).toBeNull();
  });
});
