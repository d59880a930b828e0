import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn, type ApiCall } from '../../test/backend';
import { providerView } from '../../test/providerView';

const master = { items: 120, purchases: 0, items_imported_at: '2026-11-20T10:00:00Z', purchases_imported_at: null };
const summary = { units: 14, rows: 2, departments: 3, sites: 2, purchased_units: 0, possible: 1 };
const row = {
  id: 1,
  source: 'ITEM',
  row_id: 7,
  product_index: 0,
  reason: 'DI_LOT',
  confidence: 0.99,
  likely: true,
  evidence: 'DI 00884521000014, lot L120 in L100–L150',
  units: 10,
  department: 'ICU',
  site_id: null,
  location: 'North Campus',
  gtin: '00884521000014',
  manufacturer: 'Acme',
  catalogue_number: 'PMP-100',
  model: null,
  description: 'Pump',
  lot: 'L120',
  serial: null,
  row_imported_at: '2026-11-20T10:00:00Z',
};

function api(matches: Record<string, unknown>) {
  const state = { matches, answered: false };
  const calls = fakeApi(personOf('PROVIDER'), (call: ApiCall) => {
    const { path, method } = call;
    if (path === '/api/provider/communications/31/provider-recall/44') return jsonResponse(providerView);
    if (path === '/api/provider/inventory/matches/44') return jsonResponse(state.matches);
    if (method === 'POST' && path === '/api/provider/inventory/matches/44/not-affected') {
      state.answered = true;
      return jsonResponse({ id: 44, response_status: 'COMPLETED', evidence: { matched_at: '2026-11-21T10:00:00Z' } });
    }
    if (method === 'GET') return jsonResponse([]);
    return undefined;
  });
  return { calls, state };
}

describe('the notice against the item master', () => {
  it('shows "likely affected" with units, departments and sites, each row with its reason; possible rows apart', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    api({
      provider_communication_id: 44,
      status: 'MATCHED',
      matched_at: '2026-11-21T10:00:00Z',
      item_master: master,
      summary,
      rows: [row, { ...row, id: 2, reason: 'TEXT_TOKEN', confidence: 0.5, likely: false, units: 3, lot: null }],
      rows_total: 2,
    });
    renderApp('/provider/recalls/view/31/44');
    const panel = await screen.findByTestId('item-master-matches');
    expect(within(panel).getByTestId('likely-affected').textContent).toBe(
      'Likely affected: 14 units in 3 departments at 2 sites',
    );
    const rows = within(panel).getAllByTestId('match-row');
    expect(rows[0]!.textContent).toContain('Same UDI-DI, lot or serial listed');
    expect(rows[0]!.textContent).toContain('ICU · North Campus');
    expect(rows[0]!.textContent).toContain('Lot L120');
    expect(rows[1]!.textContent).toContain('Possible: Found in the recall');
    expect(within(panel).queryByRole('button', { name: 'Not affected' })).toBeNull();
  });

  it('offers a one-step "not affected" when nothing matches, and asks first', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    const { calls, state } = api({
      provider_communication_id: 44,
      status: 'NONE',
      matched_at: '2026-11-21T10:00:00Z',
      item_master: master,
      summary: { ...summary, units: 0, rows: 0, departments: 0, sites: 0, possible: 0 },
      rows: [],
      rows_total: 0,
    });
    const user = userEvent.setup();
    renderApp('/provider/recalls/view/31/44');
    const panel = await screen.findByTestId('item-master-matches');
    expect(within(panel).getByTestId('no-match').textContent).toMatch(/^No match in your item master \(as of .+\)\.$/);
    await user.click(within(panel).getByRole('button', { name: 'Not affected' }));
    const dialog = await screen.findByRole('alertdialog');
    const posts = () => calls.filter((c) => c.method === 'POST' && c.path.endsWith('/not-affected'));
    expect(posts()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Not affected' }));
    await waitFor(() => expect(state.answered).toBe(true));
    expect(posts().map((c) => c.path)).toEqual(['/api/provider/inventory/matches/44/not-affected']);
  });

  it('shows nothing without an item master', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    api({
      provider_communication_id: 44,
      status: 'NO_ITEM_MASTER',
      item_master: { ...master, items: 0 },
      summary,
      rows: [],
    });
    renderApp('/provider/recalls/view/31/44');
    await screen.findByTestId('notice-work');
    expect(screen.queryByTestId('item-master-matches')).toBeNull();
  });
});
