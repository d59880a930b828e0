import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn, type ApiCall } from '../../test/backend';
import type { WorklistItem } from '../../api/worklist';

const item = (id: number, name: string): WorklistItem => ({
  id,
  communication_id: id - 13,
  name,
  event_id: `ACME-${id}`,
  type: 'RECALL',
  classification: 'CLASSI',
  supplier_name: 'Acme Medical Devices',
  site_id: null,
  site_name: null,
  due_date: '2026-12-03',
  days_left: 3,
  overdue: false,
  acknowledged_at: null,
  response_status: 'NOTCOMPLETED',
  owner_id: null,
  owner_name: null,
  delegate_email: null,
  delegated_at: null,
  sent_at: '2026-11-20T10:00:00Z',
});

/** Issue 38: each notice of a worklist page says whether the item master holds the product (one call per page). */
describe('worklist: the item master badge', () => {
  it('shows likely affected units, no match, or nothing for a notice not checked', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    const items = [item(44, 'Infusion pumps'), item(45, 'Gloves'), item(46, 'Gowns')];
    const calls = fakeApi(personOf('PROVIDER'), (call: ApiCall) => {
      if (call.path === '/api/provider/worklist/counts')
        return jsonResponse({ unacknowledged: 3, awaiting: 0, overdue: 0, delegated: 0, assigned: 0 });
      if (call.path === '/api/provider/worklist')
        return jsonResponse({ items, total: 3, pageNumber: 1, pageSize: 20, lastUpdated: null });
      if (call.path === '/api/provider/inventory/matches')
        return jsonResponse([
          { provider_communication_id: 44, status: 'MATCHED', units: 14, rows: 4, departments: 3, sites: 2 },
          { provider_communication_id: 45, status: 'NONE', units: 0, rows: 0, departments: 0, sites: 0 },
        ]);
      return undefined;
    });
    renderApp('/provider/worklist');
    const cards = await screen.findAllByTestId('worklist-item');
    await waitFor(() =>
      expect(within(cards[0]!).getByTestId('worklist-match').textContent).toBe(
        'Likely affected: 14 units in 3 departments at 2 sites',
      ),
    );
    expect(within(cards[1]!).getByTestId('worklist-match').textContent).toBe('No match in your item master');
    expect(within(cards[2]!).queryByTestId('worklist-match')).toBeNull();
    const asked = calls.filter((c) => c.path === '/api/provider/inventory/matches');
    expect(asked.at(-1)?.query.get('ids')).toBe('44,45,46');
  });
});
