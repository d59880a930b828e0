import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../../test/render';
import { claimsFor, makeJwt } from '../../../test/jwt';

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
    localStorage.setItem('user-token', JSON.stringify({ access_token: access, refresh_token: 'r1' }));
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
