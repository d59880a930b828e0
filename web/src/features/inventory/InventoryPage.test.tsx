import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 7,
  email: 'admin@riverside.demo',
  first_name: 'Rita',
  last_name: 'Riverside',
  full_name: 'Rita Riverside',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: { id: 4, name: 'Riverside Health', type: 'PROVIDER', profile_photo: null, isSSO: false },
};

const BASE = '/api/provider/inventory';

const row = {
  id: 1,
  site_id: 5,
  location: 'Riverside North Campus',
  gtin: '00884521062859',
  udi_di: null,
  manufacturer: 'Medtronic',
  catalogue_number: 'CAT-100',
  model: 'M1',
  description: 'Stent 3mm',
  lot: 'L100',
  serial: null,
  quantity: 5,
  department: 'Cath Lab',
  expiry_date: '2027-05-31',
  supplier_name: null,
  purchased_on: null,
  order_number: null,
  updated_at: '2026-11-28T04:00:00Z',
};

const counts = {
  id: 31,
  kind: 'items',
  file_name: 'master.csv',
  header_row: 2,
  mapping: { gtin: 0, lot: 1 },
  total_rows: 3,
  created_at: '2026-11-28T04:00:00Z',
  started_at: '2026-11-28T04:00:01Z',
  finished_at: null,
};

type Call = { method: string; url: string; body?: unknown };

function backend(): Call[] {
  setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', ['Provider_ManageRecalls'])) });
  const calls: Call[] = [];
  let polls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body =
        init?.body instanceof FormData
          ? Object.fromEntries(init.body.entries())
          : typeof init?.body === 'string'
            ? JSON.parse(init.body)
            : undefined;
      calls.push({ method, url, body });
      const path = url.split('?')[0];
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === `${BASE}/items`)
        return jsonResponse({ items: [row], total: 1, pageNumber: 1, pageSize: 50, lastUpdated: null });
      if (path === `${BASE}/filters`)
        return jsonResponse({ sites: [{ id: 5, name: 'Riverside North Campus' }], departments: ['Cath Lab', 'OR'] });
      if (path === `${BASE}/imports` && method === 'POST')
        return jsonResponse(
          {
            import: {
              ...counts,
              status: 'UPLOADED',
              mapping: null,
              processed_rows: 0,
              created_rows: 0,
              updated_rows: 0,
              unchanged_rows: 0,
              refused_rows: 0,
              started_at: null,
            },
            fields: [
              'gtin',
              'udi',
              'manufacturer',
              'catalogue',
              'model',
              'description',
              'lot',
              'serial',
              'expiry',
              'quantity',
              'department',
              'site',
            ],
            preview: [['Export of 11/28'], ['Item GTIN', 'Lot/Batch', 'Notes']],
            header_row: 2,
            mapping: { gtin: 0, lot: 1 },
            remembered: null,
          },
          201,
        );
      if (path === `${BASE}/imports/31/start`)
        return jsonResponse({
          ...counts,
          status: 'QUEUED',
          processed_rows: 0,
          created_rows: 0,
          updated_rows: 0,
          unchanged_rows: 0,
          refused_rows: 0,
        });
      if (path === `${BASE}/imports/31`) {
        polls += 1;
        return jsonResponse(
          polls === 1
            ? {
                ...counts,
                status: 'RUNNING',
                processed_rows: 1,
                created_rows: 1,
                updated_rows: 0,
                unchanged_rows: 0,
                refused_rows: 0,
                refusals: [],
              }
            : {
                ...counts,
                status: 'DONE',
                processed_rows: 3,
                created_rows: 2,
                updated_rows: 0,
                unchanged_rows: 0,
                refused_rows: 1,
                finished_at: '2026-11-28T04:00:02Z',
                refusals: [
                  {
                    row_number: 5,
                    value: '00884521062857',
                    reason: {
                      code: 'INVENTORY_ROW',
                      reason: 'gtinCheckDigit',
                      params: { value: '00884521062857', expected: '9' },
                      message: 'GTIN 00884521062857 has a wrong check digit (expected 9).',
                    },
                  },
                ],
              },
        );
      }
      return jsonResponse({ items: [], total: 0, pageNumber: 1, pageSize: 10, lastUpdated: null });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the inventory page', () => {
  it('lists the item master and finds a unit by a wedge scan (Ctrl+] as the group separator)', async () => {
    const calls = backend();
    renderApp('/provider/inventory');
    await screen.findByText('Stent 3mm');
    expect(tableRowWith('00884521062859', 'L100', 'Cath Lab')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Find a unit by scanning it' });
    const user = userEvent.setup();
    await user.type(field, '0100884521062859172705311012AB');
    await user.keyboard('{Control>}]{/Control}');
    expect((field as HTMLInputElement).value).toBe('0100884521062859172705311012AB\u241d');
    await user.type(field, '21S9{Enter}');
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url.includes('/items?') &&
            c.url.includes('gtin=00884521062859') &&
            c.url.includes('lot=12AB') &&
            c.url.includes('serial=S9'),
        ),
      ).toBe(true),
    );
    expect(screen.getByTestId('inventory-scanned').textContent).toContain('00884521062859 · 12AB · S9');
    // A bad check digit is refused with its reason, in words.
    await user.type(field, '(01)00884521062857{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong check digit (AI 01): expected 9.');
  });

  it('imports: file, header row and mapping, a confirmation, the progress and the result with reasons', async () => {
    const calls = backend();
    renderApp('/provider/inventory');
    await screen.findByText('Stent 3mm');
    fireEvent.click(screen.getByTestId('inventory-import'));
    const dialog = await screen.findByTestId('import-dialog');
    const file = new File(['Item GTIN,Lot/Batch\n00884521062859,L1\n'], 'master.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByTestId('inventory-file-input'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const mapping = await within(dialog).findByTestId('import-mapping');
    // The proposed mapping: GTIN from "Item GTIN", Lot from "Lot/Batch", the rest not in the file.
    expect(within(mapping).getByRole('combobox', { name: 'GTIN or UDI-DI' }).textContent).toContain('Item GTIN');
    expect(within(mapping).getByRole('combobox', { name: 'Lot' }).textContent).toContain('Lot/Batch');
    expect(within(mapping).getByRole('combobox', { name: 'Serial' }).textContent).toContain('Not in this file');
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/imports'))?.body).toMatchObject({ kind: 'items' });
    fireEvent.click(within(mapping).getByTestId('import-confirm'));
    // Asks first.
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/imports/31/start'))?.body).toEqual({
        header_row: 2,
        mapping: { gtin: 0, lot: 1 },
      }),
    );
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect((await screen.findByTestId('import-result', {}, { timeout: 4000 })).textContent).toContain(
      '2 created, 0 updated, 0 unchanged, 1 refused.',
    );
    expect(screen.getByText('GTIN 00884521062857 has a wrong check digit (expected 9).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download refused rows' })).toBeTruthy();
  });
});
