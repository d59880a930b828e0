import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn, type ApiCall } from '../../test/backend';
import { preferencesKey } from '../../shared/lists/preferences';
import { readProviderFilters } from './providerListPrefs';

const row = (id: number, name: string, site: string | null) => ({
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
  organization_id: site ? 8 : 7,
  site_id: site ? 8 : null,
  site_name: site,
  acknowledged: false,
  acknowledged_at: null,
  acknowledged_by: null,
  sent_at: '2026-11-20T10:00:00Z',
  completed_at: null,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  due_date: null,
  days_left: null,
  overdue: false,
  owner_id: null,
  owner_name: null,
  not_affected_reason: null,
  not_affected_by: null,
  not_affected_at: null,
});

const rows = [row(44, 'Infusion pumps', 'Riverside North'), row(45, 'Gloves', null)];

/** The provider's list; the answer follows the site asked for. `isSite`: the caller's organisation is a site. */
function api(options: { sites?: boolean; isSite?: boolean } = {}) {
  return fakeApi(personOf('PROVIDER'), (call: ApiCall) => {
    const { path, method, query } = call;
    if (path === '/api/provider/communications/meta-sites')
      return jsonResponse(
        options.sites === false
          ? [{ id: 7, name: 'Riverside Health', is_site: false }]
          : [
              { id: 7, name: 'Riverside Health', is_site: false },
              { id: 8, name: 'Riverside North', is_site: true },
            ],
      );
    if (path === '/api/provider/communications/is-site')
      return jsonResponse(
        options.isSite
          ? { isSite: true, parent_id: 3, parent_name: 'Riverside Health' }
          : { isSite: false, parent_id: null, parent_name: null },
      );
    if (method === 'GET' && path === '/api/provider/communications') {
      const site = query.get('siteId');
      const items = site ? rows.filter((r) => String(r.organization_id) === site) : rows;
      return jsonResponse({ items, total: items.length, pageNumber: 1, pageSize: 50, lastUpdated: null });
    }
    if (path === '/api/provider/communications/by-recall')
      return jsonResponse({ items: [], total: 0, pageNumber: 1, pageSize: 50, lastUpdated: null });
    if (method === 'GET') return jsonResponse([]);
    return undefined;
  });
}

const lists = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/provider/communications');

describe('saved filters and columns of the provider lists', () => {
  it('keeps the filters, search and columns per user and page, and reads them back on the next visit', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls', 'Provider_ManageDisruption']);
    let calls = api({ sites: false });
    const user = userEvent.setup();
    const first = renderApp('/provider/recalls');
    await screen.findByRole('link', { name: 'Gloves' });
    // Opened only: nothing saved, the role's defaults apply (newest received first, no filter).
    expect(localStorage.getItem(preferencesKey('42', 'provider-recalls'))).toBeNull();
    expect(lists(calls)[0]!.query.get('sortField')).toBe('sent_at');

    const filters = within(screen.getByTestId('provider-list-filters'));
    await user.click(filters.getByRole('combobox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Open' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'pumps');
    await waitFor(() => expect(lists(calls).at(-1)!.query.get('search')).toBe('pumps'));
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Supplier' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /^Supplier/ })).toBeNull());
    first.unmount();

    // The next visit: the same list as it was left.
    calls = api({ sites: false });
    renderApp('/provider/recalls');
    await waitFor(() => expect(lists(calls).length).toBeGreaterThan(0));
    const query = lists(calls)[0]!.query;
    expect([query.get('status'), query.get('search'), query.get('communicationType')]).toEqual([
      'OPEN',
      'pumps',
      'RECALL',
    ]);
    expect(
      within(screen.getByTestId('provider-list-filters')).getByRole('combobox', { name: /^Status/ }).textContent,
    ).toBe('Open');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('pumps');
    await screen.findByRole('link', { name: 'Gloves' });
    expect(screen.queryByRole('columnheader', { name: /^Supplier/ })).toBeNull();

    // Each page and each user has its own: the advisories open on the defaults.
    const before = lists(calls).length;
    await user.click(screen.getByRole('link', { name: 'Supply Advisories' }));
    await waitFor(() => expect(lists(calls).length).toBeGreaterThan(before));
    expect(lists(calls).at(-1)!.query.get('status')).toBeNull();
  });

  it('drops a saved value the list no longer offers rather than sending it', () => {
    expect(
      readProviderFilters({
        status: 'BOGUS',
        responseStatus: 'COMPLETED',
        supplierId: -3,
        siteId: 8,
        ownerId: 'me',
        overdue: 'yes',
        dueFrom: '2026-12-01',
        dueTo: 'tomorrow',
      }),
    ).toEqual({ responseStatus: 'COMPLETED', ownerId: 'me', dueFrom: '2026-12-01' });
  });
});

describe('the site switcher', () => {
  it('switches the lists to one site, is the same choice as the Site filter, and is kept for the user', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls', 'Provider_ResponderRole']);
    const calls = api();
    const user = userEvent.setup();
    const first = renderApp('/provider/recalls');
    const switcher = within(await screen.findByTestId('site-switcher'));
    await user.click(await screen.findByRole('switch', { name: 'One row per recall' }));
    await screen.findByRole('link', { name: 'Gloves' });

    await user.click(switcher.getByRole('combobox', { name: 'Site' }));
    await user.click(await screen.findByRole('option', { name: 'Riverside North' }));
    await waitFor(() => expect(lists(calls).at(-1)!.query.get('siteId')).toBe('8'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Gloves' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Infusion pumps' })).toBeTruthy();
    expect(
      within(screen.getByTestId('provider-list-filters')).getByRole('combobox', { name: /^Site/ }).textContent,
    ).toBe('Riverside North');

    // The eR responses list follows the same site.
    await user.click(screen.getByRole('link', { name: 'eR Responses' }));
    await waitFor(() => expect(lists(calls).at(-1)!.query.get('responses')).toBe('1'));
    expect(lists(calls).at(-1)!.query.get('siteId')).toBe('8');
    first.unmount();

    // Kept: the next visit opens on the site; "All sites" goes back to everything.
    const again = api();
    renderApp('/provider/recalls');
    const kept = within(await screen.findByTestId('site-switcher'));
    await waitFor(() => expect(kept.getByRole('combobox', { name: 'Site' }).textContent).toBe('Riverside North'));
    // One row per recall (the view it opens on) follows the site too.
    const byRecall = () => again.filter((c) => c.path === '/api/provider/communications/by-recall');
    await waitFor(() => expect(byRecall().at(-1)!.query.get('siteId')).toBe('8'));
    await user.click(kept.getByRole('combobox', { name: 'Site' }));
    await user.click(await screen.findByRole('option', { name: 'All sites' }));
    await waitFor(() => expect(byRecall().at(-1)!.query.get('siteId')).toBeNull());
  });

  it('shows nothing to choose without sites, and names the health system to a site user', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    api({ sites: false });
    const first = renderApp('/provider/recalls');
    await screen.findByRole('link', { name: 'Gloves' });
    expect(screen.queryByTestId('site-switcher')).toBeNull();
    first.unmount();

    signIn('PROVIDER', ['Provider_ManageRecalls']);
    api({ sites: false, isSite: true });
    renderApp('/provider/recalls');
    expect((await screen.findByTestId('site-of')).textContent).toBe('Site of Riverside Health');
    expect(screen.queryByTestId('site-switcher')).toBeNull();
  });
});
