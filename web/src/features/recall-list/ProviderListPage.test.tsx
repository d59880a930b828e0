import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { fakeApi, personOf, signIn, type ApiCall } from '../../test/backend';

const row = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  communication_id: id - 13,
  stt: 'OPEN',
  status: 'OPEN',
  status_provider: 'OPEN',
  isProviderCreated: false,
  allow_access: true,
  response_status: 'NOTCOMPLETED',
  name,
  event_id: `ACME-${id}`,
  type: 'RECALL',
  subtype: null,
  classification: 'CLASSI',
  supplier_id: 2,
  supplier_name: 'Acme Medical Devices',
  organization_id: 7,
  site_id: 8,
  site_name: 'Riverside North',
  acknowledged: false,
  acknowledged_at: null,
  acknowledged_by: null,
  sent_at: '2026-11-20T10:00:00Z',
  completed_at: null,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  due_date: '2026-12-03',
  days_left: 3,
  overdue: false,
  owner_id: null,
  owner_name: null,
  not_affected_reason: null,
  not_affected_by: null,
  not_affected_at: null,
  ...extra,
});

const rows = [
  row(44, 'Infusion pumps', { owner_id: 5, owner_name: 'Olga Owner' }),
  row(45, 'Gloves', { days_left: -2, due_date: '2026-11-28', overdue: true, site_id: null, site_name: null }),
  row(46, 'Catheters', {
    response_status: 'COMPLETED',
    not_affected_reason: 'We have none of this product',
    acknowledged_at: '2026-11-21T10:00:00Z',
  }),
];

const byRecall = {
  communication_id: 31,
  name: 'Infusion pumps',
  event_id: 'ACME-44',
  type: 'RECALL',
  classification: 'CLASSI',
  supplier_name: 'Acme Medical Devices',
  due_date: '2026-12-03',
  days_left: 3,
  sent_at: '2026-11-20T10:00:00Z',
  sites: 3,
  acknowledged_sites: 2,
  answered_sites: 1,
  not_affected_sites: 1,
  overdue_sites: 1,
  status: 'OPEN',
};

const sitesOf31 = [
  {
    id: 44,
    site_id: null,
    site_name: null,
    acknowledged_at: '2026-11-21T10:00:00Z',
    acknowledged_by: 'rita@riverside.demo',
    response_status: 'COMPLETED',
    not_affected_reason: 'We have none of this product',
    due_date: '2026-12-03',
    days_left: 3,
    overdue: false,
    owner_id: 5,
    owner_name: 'Olga Owner',
  },
  {
    id: 50,
    site_id: 8,
    site_name: 'Riverside North',
    acknowledged_at: null,
    acknowledged_by: null,
    response_status: 'NOTCOMPLETED',
    not_affected_reason: null,
    due_date: '2026-12-03',
    days_left: -1,
    overdue: true,
    owner_id: null,
    owner_name: null,
  },
];

const page = (items: unknown[]) => ({ items, total: items.length, pageNumber: 1, pageSize: 10, lastUpdated: null });

/** The provider's lists; `withSites`: the organisation has a site. */
function listApi(withSites: boolean) {
  return fakeApi(personOf('PROVIDER'), (call: ApiCall) => {
    const { path, method } = call;
    if (path === '/api/provider/communications/meta-sites') {
      return jsonResponse([
        { id: 7, name: 'Riverside Health', is_site: false },
        ...(withSites ? [{ id: 8, name: 'Riverside North', is_site: true }] : []),
      ]);
    }
    if (path === '/api/provider/communications/supplierNameList') {
      return jsonResponse([{ id: 2, name: 'Acme Medical Devices' }]);
    }
    if (path === '/api/provider/communications/owner-candidates') {
      return jsonResponse([
        { id: 5, name: 'Olga Owner', email: 'olga@riverside.demo', organization_name: 'Riverside' },
      ]);
    }
    if (path === '/api/provider/communications/by-recall') return jsonResponse(page([byRecall]));
    if (path === '/api/provider/communications/by-recall/31/sites') return jsonResponse(sitesOf31);
    if (method === 'GET' && path === '/api/provider/communications') return jsonResponse(page(rows));
    if (method === 'POST' && path === '/api/provider/communications/bulk') {
      return jsonResponse({ changed: 2, unchanged: 0 });
    }
    if (path.startsWith('/api/provider/communications/providerRecallSummaryReport')) {
      return new Response('a,b', { headers: { 'content-type': 'text/csv', 'x-app-version': '3.11.2' } });
    }
    if (path === '/api/provider/worklist/counts') {
      return jsonResponse({ unacknowledged: 0, awaiting: 0, overdue: 0, delegated: 0, assigned: 0 });
    }
    return undefined;
  });
}

const lastList = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/provider/communications').at(-1)!.query;

async function choose(label: RegExp, option: string) {
  const user = userEvent.setup();
  await user.click(within(screen.getByTestId('provider-list-filters')).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('provider recalls list: one row per recall', () => {
  it("opens on one row per recall for an organisation with sites, and a row shows each site's state", async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    const calls = listApi(true);
    const user = userEvent.setup();
    renderApp('/provider/recalls');
    const recall = await screen.findByRole('button', { name: 'Infusion pumps' });
    const cells = within(tableRowWith('ACME-44'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // Name, event, class, supplier, due, acknowledged, answered, not affected, overdue sites, status.
    expect(cells).toEqual([
      'Infusion pumps',
      'ACME-44',
      'Class I',
      'Acme Medical Devices',
      '12/03/2026·3 days left',
      '2 of 3',
      '1 of 3',
      '1',
      '1 of 3',
      'Open',
    ]);
    expect(screen.getByRole('switch', { name: 'One row per recall' }).getAttribute('aria-checked')).toBe('true');
    const byRecallCall = calls.find((c) => c.path === '/api/provider/communications/by-recall')!;
    expect(byRecallCall.query.get('communicationType')).toBe('RECALL');
    // The per-site list is not read meanwhile.
    expect(calls.some((c) => c.method === 'GET' && c.path === '/api/provider/communications')).toBe(false);

    await user.click(recall);
    const dialog = await screen.findByRole('dialog');
    const sites = await within(dialog).findAllByTestId('recall-site');
    expect(sites).toHaveLength(2);
    const main = within(sites[0]!);
    expect(main.getByRole('link', { name: 'Our organization' }).getAttribute('href')).toBe(
      '/provider/recalls/view/31/44',
    );
    expect(main.getByText('Not affected')).toBeTruthy();
    expect(sites[0]!.textContent).toContain('Not affected: We have none of this product');
    expect(sites[0]!.textContent).toContain('Owner: Olga Owner');
    const north = within(sites[1]!);
    expect(north.getByRole('link', { name: 'Riverside North' }).getAttribute('href')).toBe(
      '/provider/recalls/view/31/50',
    );
    expect(north.getByText('Not acknowledged')).toBeTruthy();
    expect(north.getByText('Overdue')).toBeTruthy();
    expect(north.getByText('1 day overdue')).toBeTruthy();
    expect(sites[1]!.textContent).toContain('Owner: No owner');
  });
});

describe('provider recalls list: per site', () => {
  it('shows site, due date and owner, and sends each filter to the server', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    const calls = listApi(true);
    const user = userEvent.setup();
    renderApp('/provider/recalls');
    await user.click(await screen.findByRole('switch', { name: 'One row per recall' }));
    await screen.findByRole('link', { name: 'Gloves' });
    for (const header of ['Site', 'Due date', 'Owner']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeTruthy();
    }
    expect(within(tableRowWith('Infusion pumps')).getByText('Riverside North')).toBeTruthy();
    expect(within(tableRowWith('Infusion pumps')).getByText('3 days left')).toBeTruthy();
    expect(within(tableRowWith('Infusion pumps')).getByText('Olga Owner')).toBeTruthy();
    expect(within(tableRowWith('Gloves')).getByText('2 days overdue')).toBeTruthy();
    expect(within(tableRowWith('Gloves')).getByText('No owner')).toBeTruthy();
    // Answered "not affected": said so, and no longer counting days.
    expect(within(tableRowWith('Catheters')).getByTestId('not-affected').textContent).toBe('Not affected');
    expect(within(tableRowWith('Catheters')).queryByText('3 days left')).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search' }).getAttribute('placeholder')).toBe(
      'Search name, event ID, product, lot, serial number or UDI',
    );

    await choose(/^Status/, 'Open');
    await choose(/^Response/, 'Not affected');
    await choose(/^Classification/, 'Class I');
    await choose(/^Supplier/, 'Acme Medical Devices');
    await choose(/^Site/, 'Riverside North');
    await choose(/^Owner/, 'Me');
    await user.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(lastList(calls).get('overdue')).toBe('1'));
    const query = lastList(calls);
    expect(query.get('status')).toBe('OPEN');
    expect(query.get('responseStatus')).toBe('NOT_AFFECTED');
    expect(query.get('classification')).toBe('CLASSI');
    expect(query.get('supplierId')).toBe('2');
    expect(query.get('siteId')).toBe('8');
    expect(query.get('ownerId')).toBe('me');
    expect(query.get('communicationType')).toBe('RECALL');

    // Due dates: years 2010–2030 only.
    const from = screen.getByRole('textbox', { name: 'Due from' });
    await user.type(from, '01/05/2031');
    await user.tab();
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(lastList(calls).get('dueFrom')).toBeNull();
    await user.clear(from);
    await user.type(from, '12/01/2026');
    await user.tab();
    await waitFor(() => expect(lastList(calls).get('dueFrom')).toBe('2026-12-01'));
    await user.type(screen.getByRole('textbox', { name: 'Due to' }), '12/31/2026');
    await user.tab();
    await waitFor(() => expect(lastList(calls).get('dueTo')).toBe('2026-12-31'));

    // The download holds what the screen shows: the same filters go with it.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }));
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/provider/communications/providerRecallSummaryReport/csv')).toBe(true),
    );
    const csv = calls.find((c) => c.path === '/api/provider/communications/providerRecallSummaryReport/csv')!.query;
    expect([csv.get('ownerId'), csv.get('overdue'), csv.get('dueFrom'), csv.get('siteId')]).toEqual([
      'me',
      '1',
      '2026-12-01',
      '8',
    ]);

    await choose(/^Owner/, 'Olga Owner');
    await waitFor(() => expect(lastList(calls).get('ownerId')).toBe('5'));
    await choose(/^Owner/, 'No owner');
    await waitFor(() => expect(lastList(calls).get('ownerId')).toBe('none'));

    // Clearing comes back to the unfiltered list (which SWR may answer from its cache).
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    const filters = within(screen.getByTestId('provider-list-filters'));
    await waitFor(() => expect(filters.getByRole('combobox', { name: /^Owner/ }).textContent).toBe('Any owner'));
    expect(filters.getByRole('combobox', { name: /^Response/ }).textContent).toBe('All responses');
    expect(filters.getByRole('switch', { name: 'Overdue only' }).getAttribute('aria-checked')).toBe('false');
    expect((filters.getByRole('textbox', { name: 'Due from' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('answers the selected notices "not affected" after asking for the reason, and says how many changed', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    const calls = listApi(true);
    const user = userEvent.setup();
    renderApp('/provider/recalls');
    await user.click(await screen.findByRole('switch', { name: 'One row per recall' }));
    await screen.findByRole('link', { name: 'Gloves' });
    await user.click(screen.getByRole('checkbox', { name: 'Select row 44' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row 45' }));
    await user.click(within(screen.getByTestId('bulk-actions')).getByRole('button', { name: 'Not affected…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2 notices will be answered "not affected" with this reason.')).toBeTruthy();
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect((reason as HTMLTextAreaElement).value).toBe('We have none of this product');
    // The reason is required.
    await user.clear(reason);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Field required');
    const bulk = () => calls.filter((c) => c.path === '/api/provider/communications/bulk');
    expect(bulk()).toHaveLength(0);
    await user.type(reason, 'Never bought from this lot');
    const reads = calls.filter((c) => c.method === 'GET' && c.path === '/api/provider/communications').length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('2 notices marked not affected.')).toBeTruthy();
    expect(bulk().map((c) => c.body)).toEqual([
      { action: 'NOT_AFFECTED', ids: [44, 45], reason: 'Never bought from this lot' },
    ]);
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'GET' && c.path === '/api/provider/communications').length,
      ).toBeGreaterThan(reads),
    );
    expect(screen.queryByTestId('bulk-actions')).toBeNull();
  });

  it('keeps one list without the Site column, filter or per-recall switch when the organisation has no sites', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    const calls = listApi(false);
    renderApp('/provider/recalls');
    await screen.findByRole('link', { name: 'Gloves' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/provider/communications/meta-sites')).toBe(true));
    expect(screen.queryByRole('switch', { name: 'One row per recall' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: /^Site/ })).toBeNull();
    expect(within(screen.getByTestId('provider-list-filters')).queryByRole('combobox', { name: /^Site/ })).toBeNull();
    expect(calls.some((c) => c.path === '/api/provider/communications/by-recall')).toBe(false);
  });
});
