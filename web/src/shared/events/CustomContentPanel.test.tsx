import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 42,
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

const draft = {
  id: 5,
  organization_id: 2,
  type: 'RECALL',
  status: 'DRAFT',
  current_step: 1,
  custom_content: false,
  name: 'Pumps',
  subtype: null,
  event_id: null,
  classification: 'CLASSII',
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
  customers_count: 0,
  locations_count: 0,
  provider_communications_count: 0,
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('wizard step 1: custom content', () => {
  it('turns custom content on, and lists every bad line of a refused customer file', async () => {
    const access = makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls'], { role_name: 'Recall Coordinator' }));
    setPageToken({ access_token: access });
    let enabled = false;
    const calls: { method: string; path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const path = url.split('?')[0] ?? '';
        calls.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/supplier/communications/meta') return jsonResponse({ productFields: [] });
        if (path === '/api/supplier/communications/5') return jsonResponse(draft);
        if (path === '/api/supplier/communications/5/custom-content' && method === 'PUT') {
          enabled = true;
          return jsonResponse({ custom_content: true, rows: 0 });
        }
        if (path === '/api/supplier/communications/5/custom-content')
          return jsonResponse({ custom_content: enabled, items: [], total: 0, pageNumber: 1, pageSize: 50 });
        if (path === '/api/supplier/communications/5/custom-content/file')
          return jsonResponse(
            {
              ok: false,
              m: 'The product file has errors; nothing was saved.',
              error: {
                code: 'VALIDATION_ERROR',
                details: [{ line: 3, message: 'Customer Key "NOBODY" matches no provider.' }],
              },
            },
            400,
          );
        return jsonResponse([]);
      }),
    );
    renderApp('/supplier/recalls/edit/5?step=1');
    const panel = await screen.findByTestId('custom-content');
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('switch'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: '/api/supplier/communications/5/custom-content',
        body: { enabled: true },
      }),
    );
    const input = await within(panel).findByLabelText('Customer product file');
    await user.upload(
      input,
      new File(['Customer Key,Product Name\nNOBODY,Pump'], 'customers.csv', { type: 'text/csv' }),
    );
    const errors = await within(panel).findByTestId('custom-file-errors');
    expect(errors.textContent).toBe('Line 3: Customer Key "NOBODY" matches no provider.');
  });
});

describe('wizard step 1: the uploaded rows and the template', () => {
  it('shows the rows read (paged through the rows route, narrowed per customer) and downloads the template', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:template'), revokeObjectURL: vi.fn() }),
    );
    const access = makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls'], { role_name: 'Recall Coordinator' }));
    setPageToken({ access_token: access });
    const rows = [
      {
        id: 1,
        provider_organization_id: 7,
        customer_key: 'PRV-0001',
        customer_name: 'Riverside Health',
        product_name: 'Infusion pump',
        catalog_number: 'CAT-9',
        lot_number: 'R-1',
        serial_number: 'SN-100',
        udi: '0100001',
        quantity: 2,
        expiration_date: '2027-01-31',
        custom_fields: { '11': 'Blue' },
        unit_answers: [],
      },
      {
        id: 2,
        provider_organization_id: 8,
        customer_key: 'PRV-0002',
        customer_name: 'Lakeshore Medical Center',
        product_name: 'Infusion pump',
        catalog_number: null,
        lot_number: 'L-1',
        serial_number: 'SN-200',
        udi: null,
        quantity: 5,
        expiration_date: null,
        custom_fields: {},
        unit_answers: [],
      },
    ];
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        const [path, search] = url.split('?') as [string, string | undefined];
        const query = new URLSearchParams(search ?? '');
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/supplier/communications/meta')
          return jsonResponse({
            productFields: [{ id: 11, name: 'Sterile Pack', field_type: 'Text', options: [], is_required: false }],
          });
        if (path === '/api/supplier/communications/5') return jsonResponse({ ...draft, custom_content: true });
        if (path === '/api/supplier/communications/5/custom-content/customers')
          return jsonResponse([
            { provider_organization_id: 8, customer_name: 'Lakeshore Medical Center', rows: 1 },
            { provider_organization_id: 7, customer_name: 'Riverside Health', rows: 1 },
          ]);
        if (path === '/api/supplier/communications/5/custom-content/template')
          return new Response('Customer Key,Product Name\n', {
            headers: { 'content-disposition': 'attachment; filename="Custom Content Template 11-24-2026.csv"' },
          });
        if (path === '/api/supplier/communications/5/custom-content') {
          const customer = query.get('provider_organization_id');
          const items = customer ? rows.filter((r) => String(r.provider_organization_id) === customer) : rows;
          return jsonResponse({ custom_content: true, items, total: items.length, pageNumber: 1, pageSize: 50 });
        }
        return jsonResponse([]);
      }),
    );
    renderApp('/supplier/recalls/edit/5?step=1');
    const grid = await screen.findByTestId('custom-rows');
    const riverside = await within(grid).findByRole('row', { name: /R-1/ });
    expect(within(riverside).getByText('Riverside Health')).toBeTruthy();
    expect(within(riverside).getByText('SN-100')).toBeTruthy();
    expect(within(riverside).getByText('Sterile Pack: Blue')).toBeTruthy();
    expect(within(grid).getByRole('row', { name: /L-1/ })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(grid).getByRole('combobox', { name: 'Customer' }));
    await user.click(await screen.findByRole('option', { name: 'Lakeshore Medical Center (1 rows)' }));
    await waitFor(() => expect(within(grid).queryByRole('row', { name: /R-1/ })).toBeNull());
    expect(within(grid).getByRole('row', { name: /L-1/ })).toBeTruthy();
    expect(calls.some((c) => c.includes('/custom-content?') && c.includes('provider_organization_id=8'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Download template (CSV)' }));
    await waitFor(() => expect(calls).toContain('/api/supplier/communications/5/custom-content/template?format=csv'));
  });
});
