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

const row = (
  id: number,
  name: string,
  supplier: [number, string],
  status: string,
  sent: number,
  completed: number,
) => ({
  id,
  name,
  event_id: `E-${id}`,
  type: 'RECALL',
  subtype: 'REMOVAL',
  status,
  classification: 'CLASSI',
  event_date: '2026-11-01',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
  approved_at: null,
  customers_count: sent,
  acknowledged_count: completed,
  completed_count: completed,
  sent_count: sent,
  organization_id: supplier[0],
  supplier_name: supplier[1],
  status_provider: sent ? (completed >= sent ? 'COMPLETED' : 'NOTCOMPLETED') : null,
  fda:
    id === 7
      ? [
          { recall_number: 'Z-0053-2020', found: true, classification: 'Class II', status: 'Terminated' },
          { recall_number: 'D-0001-2030', found: false, classification: null, status: null },
        ]
      : [],
});

const rows = [
  row(7, 'Infusion pumps', [3, 'Acme Medical Devices'], 'OPEN', 4, 1),
  row(8, 'Syringe draft', [5, 'Borealis Pharma'], 'DRAFT', 0, 0),
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function signIn(permissions = ['Notisphere_ManageRecalls']) {
  setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', permissions)) });
}

function backend() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      const path = url.split('?')[0] ?? url;
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (method === 'GET' && path === '/api/notisphere/communications') {
        const q = new URLSearchParams(url.split('?')[1]);
        const items = q.get('communicationType') === 'PRODUCT DISRUPTION' ? [] : rows;
        return jsonResponse({ items, total: items.length, pageNumber: 1, pageSize: 50, lastUpdated: null });
      }
      if (method === 'GET' && path === '/api/notisphere/communications/7/copy')
        return jsonResponse({ ...rows[0], id: 9, name: 'Copy of Infusion pumps', status: 'DRAFT' });
      if (method === 'PUT' && path === '/api/notisphere/communications/8/delete/supplier/5') return jsonResponse(null);
      if (path === '/api/notisphere/organizations/recall-Orgmeta')
        return jsonResponse({
          suppliers: [
            { id: 3, name: 'Acme Medical Devices' },
            { id: 4, name: 'Borealis Pharma' },
          ],
          providers: [],
        });
      if (method === 'GET' && /\/(downloadcsv|(csv|xlsx)\/summary)$/.test(path))
        return new Response('a,b\n', {
          headers: { 'content-disposition': 'attachment; filename="Recalls Report 11-24-2026.csv"' },
        });
      if (method === 'GET') return jsonResponse({});
      return jsonResponse({ ok: false, m: `No such API path: ${method} ${path}`, error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return calls;
}

const listCalls = (calls: string[]) => calls.filter((c) => c.startsWith('GET /api/notisphere/communications?'));
const lastQuery = (calls: string[]) => new URLSearchParams(listCalls(calls).at(-1)!.split('?')[1]);

describe('operator recalls', () => {
  it("lists every supplier's events with their supplier and progress; row actions follow the status", async () => {
    signIn();
    const calls = backend();
    renderApp('/notisphere/recalls');
    await screen.findByText('Borealis Pharma');
    for (const header of ['Name', 'Event ID', 'Supplier', 'Type', 'Status', 'Provider Status', 'Last Updated'])
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeTruthy();
    const open = tableRowWith('Infusion pumps');
    expect(within(open).getByText('Acme Medical Devices')).toBeTruthy();
    expect(within(open).getByText('In Progress')).toBeTruthy();
    expect(within(open).getByText('1 / 4')).toBeTruthy();
    // The FDA's classification and status beside the event's own (Class I, Open).
    expect(within(open).getByText('Class I')).toBeTruthy();
    const fda = within(open).getByTestId('recall-fda');
    expect(fda.textContent).toContain('Z-0053-2020 Class II · Terminated');
    expect(fda.textContent).toContain('D-0001-2030 Not in the imported FDA data yet');
    expect(lastQuery(calls).get('sortField')).toBeNull();
    // The name opens the recall; the row menu is not the only way in.
    const name = within(open).getByRole('link', { name: 'Infusion pumps' });
    expect(name.getAttribute('href')).toMatch(/^\/notisphere\/recalls\/view\/\d+$/);

    const user = userEvent.setup();
    await user.click(within(open).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['View', 'Copy']);
    await user.click(screen.getByRole('menuitem', { name: 'Copy' }));
    await screen.findByText(/Copied to a new draft of the supplier: Copy of Infusion pumps/);
    expect(calls).toContain('GET /api/notisphere/communications/7/copy');

    await user.click(within(tableRowWith('Syringe draft')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['View', 'Copy', 'Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls).toContain('PUT /api/notisphere/communications/8/delete/supplier/5'));
  });

  it('narrows by type tab and a linked supplier, and downloads both reports with the filters', async () => {
    signIn();
    const calls = backend();
    const created = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    renderApp('/notisphere/recalls?organizationId=3');
    await screen.findByText('Infusion pumps');
    expect(lastQuery(calls).get('organizationId')).toBe('3');

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Supply Advisory' }));
    await waitFor(() => expect(lastQuery(calls).get('communicationType')).toBe('PRODUCT DISRUPTION'));
    await screen.findByText(/No record found|Not record found/);

    await user.click(screen.getByRole('button', { name: /Recalls Report \(CSV\)/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.startsWith('GET /api/notisphere/communications/downloadcsv?'))).toBe(true),
    );
    const csv = new URLSearchParams(calls.find((c) => c.includes('/downloadcsv?'))!.split('?')[1]);
    expect(csv.get('category')).toBe('PRODUCT DISRUPTION');
    expect(csv.get('organizationId')).toBe('3');
    await user.click(screen.getByRole('button', { name: /Event Summary \(XLSX\)/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.startsWith('GET /api/notisphere/communications/xlsx/summary'))).toBe(true),
    );
    expect(created).toHaveBeenCalledTimes(2);

    // The supplier picker shows the linked supplier by name; another pick, then every supplier again.
    const supplier = screen.getByRole('combobox', { name: 'Supplier' });
    await waitFor(() => expect(supplier.textContent).toContain('Acme Medical Devices'));
    await user.click(supplier);
    await user.click(await screen.findByRole('option', { name: 'Borealis Pharma' }));
    await waitFor(() => expect(lastQuery(calls).get('organizationId')).toBe('4'));
    await user.click(screen.getByRole('combobox', { name: 'Supplier' }));
    await user.click(await screen.findByRole('option', { name: 'All suppliers' }));
    await waitFor(() => expect(lastQuery(calls).get('organizationId')).toBeNull());
  });

  it('sends the status and provider-status filters to the list and to the Event Summary', async () => {
    signIn();
    const calls = backend();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    renderApp('/notisphere/recalls');
    await screen.findByText('Infusion pumps');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    await waitFor(() => expect(lastQuery(calls).get('status')).toBe('DRAFT'));
    await user.click(screen.getByRole('combobox', { name: 'Provider Status' }));
    await user.click(await screen.findByRole('option', { name: 'In Progress' }));
    await waitFor(() => expect(lastQuery(calls).get('statusProvider')).toBe('NOTCOMPLETED'));
    await user.click(screen.getByRole('button', { name: /Event Summary \(CSV\)/ }));
    await waitFor(() => expect(calls.some((c) => c.includes('/csv/summary?'))).toBe(true));
    const summary = new URLSearchParams(calls.find((c) => c.includes('/csv/summary?'))!.split('?')[1]);
    expect(Object.fromEntries(summary)).toEqual({ status: 'DRAFT', statusProvider: 'NOTCOMPLETED' });
  });

  it('offers the operator grid sizes 50, 100, 250 and 500', async () => {
    signIn();
    backend();
    renderApp('/notisphere/recalls');
    await screen.findByText('Infusion pumps');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /Rows per page|page size/i }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['50', '100', '250', '500']);
  });
});
