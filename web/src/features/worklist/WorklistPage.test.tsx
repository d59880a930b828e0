import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn, type ApiCall } from '../../test/backend';
import type { WorklistItem, WorklistSection } from '../../api/worklist';

const item = (id: number, overrides: Partial<WorklistItem> = {}): WorklistItem => ({
  id,
  communication_id: id - 13,
  name: `Notice ${id}`,
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
  ...overrides,
});

const sections: Record<WorklistSection, WorklistItem[]> = {
  unacknowledged: [
    item(44, { name: 'Infusion pumps', site_id: 8, site_name: 'Riverside North' }),
    item(45, { name: 'Gloves', classification: 'CLASSII', days_left: 1, due_date: '2026-12-01' }),
  ],
  awaiting: [
    item(46, { name: 'Catheters', days_left: 0, due_date: '2026-11-30', acknowledged_at: '2026-11-21T10:00:00Z' }),
  ],
  overdue: [
    item(47, {
      name: 'Syringes',
      type: 'PRODUCT DISRUPTION',
      days_left: -2,
      due_date: '2026-11-28',
      overdue: true,
      owner_id: 5,
      owner_name: 'Olga Owner',
    }),
  ],
  delegated: [
    item(48, {
      name: 'Stents',
      classification: 'CLASSIII',
      delegate_email: 'nurse@riverside.demo',
      delegated_at: '2026-11-22T10:00:00Z',
    }),
  ],
  assigned: [],
};

/** The worklist's API: its sections and counts; bulk acknowledges what was not yet (44), 45 already was. */
function worklistApi() {
  return fakeApi(personOf('PROVIDER'), (call: ApiCall) => {
    if (call.path === '/api/provider/worklist/counts') {
      return jsonResponse({ unacknowledged: 2, awaiting: 1, overdue: 1, delegated: 1, assigned: 0 });
    }
    if (call.path === '/api/provider/worklist') {
      const items = sections[call.query.get('section') as WorklistSection];
      return jsonResponse({ items, total: items.length, pageNumber: 1, pageSize: 20, lastUpdated: null });
    }
    if (call.method === 'POST' && call.path === '/api/provider/communications/bulk') {
      return jsonResponse({ changed: 1, unchanged: 1 });
    }
    if (call.path === '/api/provider/communications/owner-candidates') {
      return jsonResponse([
        { id: 5, name: 'Olga Owner', email: 'olga@riverside.demo', organization_name: 'Riverside Health' },
      ]);
    }
    return undefined;
  });
}

const link = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('worklist', () => {
  it('says "more than" when the server counted the section only so far', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    fakeApi(personOf('PROVIDER'), (call: ApiCall) => {
      if (call.path === '/api/provider/worklist/counts')
        return jsonResponse({ unacknowledged: 2, awaiting: 0, overdue: 0, delegated: 0, assigned: 0 });
      if (call.path === '/api/provider/worklist')
        return jsonResponse({
          items: sections.unacknowledged,
          total: 100,
          totalCapped: call.query.get('section') === 'unacknowledged',
          pageNumber: 1,
          pageSize: 20,
          lastUpdated: null,
        });
      return undefined;
    });
    renderApp('/provider/worklist');
    expect(await screen.findByText('More than 100 record(s)')).toBeTruthy();
    expect(screen.queryByText('Total 100 record(s)')).toBeNull();
  });

  it('is where a provider user who manages recalls lands', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls', 'Provider_ViewDashboard']);
    worklistApi();
    const { location } = renderApp('/');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/provider/worklist'));
    expect(await screen.findByRole('heading', { name: 'Worklist' })).toBeTruthy();
  });

  it('lists each section most urgent first, in words, and opens each notice at the tab its work is on', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    const calls = worklistApi();
    const user = userEvent.setup();
    renderApp('/provider/worklist');

    // Not yet acknowledged: the details tab, where Acknowledge is.
    expect(await screen.findByRole('link', { name: 'Infusion pumps' })).toBeTruthy();
    expect(link('Infusion pumps')).toBe('/provider/recalls/view/31/44?tab=details');
    const cards = screen.getAllByTestId('worklist-item');
    expect(cards.map((c) => within(c).getAllByRole('link')[0]!.textContent)).toEqual(['Infusion pumps', 'Gloves']);
    const first = cards[0]!;
    expect(within(first).getByText('Class I')).toBeTruthy();
    expect(within(first).getByText('ACME-44')).toBeTruthy();
    expect(within(first).getByText('Acme Medical Devices')).toBeTruthy();
    expect(within(first).getByText('Site: Riverside North')).toBeTruthy();
    expect(within(first).getByText('12/03/2026')).toBeTruthy();
    expect(within(first).getByText('3 days left')).toBeTruthy();
    expect(first.textContent).toContain('Owner: No owner');
    expect(within(cards[1]!).getByText('1 day left')).toBeTruthy();
    expect(within(cards[1]!).getByText('Class II')).toBeTruthy();
    expect(screen.queryByText('CLASSI')).toBeNull();

    // The counts beside the sections' names.
    const tab = (name: RegExp) => screen.getByRole('tab', { name });
    expect(tab(/^Not yet acknowledged/).textContent).toBe('Not yet acknowledged2');
    expect(tab(/^Overdue/).textContent).toBe('Overdue1');

    // Awaiting our answers and overdue: the actions tab.
    await user.click(tab(/^Awaiting our answers/));
    expect(await screen.findByText('Due today')).toBeTruthy();
    expect(link('Catheters')).toBe('/provider/recalls/view/33/46?tab=actions');
    await user.click(tab(/^Overdue/));
    expect(await screen.findByText('2 days overdue')).toBeTruthy();
    expect(link('Syringes')).toBe('/provider/product-disruption/view/34/47?tab=actions');
    expect(screen.getByTestId('worklist-item').textContent).toContain('Owner: Olga Owner');
    expect(screen.getByText('Supply Advisory')).toBeTruthy();

    // Delegated, not answered: the delegates tab, naming the delegate.
    await user.click(tab(/^Delegated, not answered/));
    expect(await screen.findByText(/Delegated to nurse@riverside\.demo/)).toBeTruthy();
    expect(link('Stents')).toBe('/provider/recalls/view/35/48?tab=delegates');

    // An empty section says so.
    await user.click(tab(/^Assigned to me/));
    expect((await screen.findByTestId('worklist-empty')).textContent).toBe('No open notice is assigned to you.');

    const asked = calls.filter((c) => c.path === '/api/provider/worklist').map((c) => c.query.get('section'));
    expect(new Set(asked)).toEqual(new Set(['unacknowledged', 'awaiting', 'overdue', 'delegated', 'assigned']));
  });

  it('shows what needs attention beside Worklist in the sidebar', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    worklistApi();
    renderApp('/provider/worklist');
    const sidebar = await screen.findByTestId('sidebar');
    // Not yet acknowledged (2) and awaiting answers (1): the two sections do not overlap.
    expect(await within(sidebar).findByRole('link', { name: 'Worklist 3 notices need attention' })).toBeTruthy();
  });

  it('acknowledges the selected notices after asking, says what changed and reads the section and counts again', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    const calls = worklistApi();
    const user = userEvent.setup();
    renderApp('/provider/worklist');
    await screen.findByRole('link', { name: 'Infusion pumps' });
    expect(screen.queryByTestId('bulk-actions')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Infusion pumps' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Gloves' }));
    const toolbar = screen.getByTestId('bulk-actions');
    expect(within(toolbar).getByText('2 notices selected')).toBeTruthy();

    const bulk = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/provider/communications/bulk');
    await user.click(within(toolbar).getByRole('button', { name: 'Acknowledge' }));
    let ask = await screen.findByRole('alertdialog');
    expect(within(ask).getByText('Acknowledge 2 notices?')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(bulk()).toHaveLength(0);

    const reads = (path: string) => calls.filter((c) => c.path === path).length;
    const before = { list: reads('/api/provider/worklist'), counts: reads('/api/provider/worklist/counts') };
    await user.click(within(screen.getByTestId('bulk-actions')).getByRole('button', { name: 'Acknowledge' }));
    ask = await screen.findByRole('alertdialog');
    await user.click(within(ask).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('1 notice acknowledged; 1 was already acknowledged.')).toBeTruthy();
    expect(bulk().map((c) => c.body)).toEqual([{ action: 'ACKNOWLEDGE', ids: [44, 45] }]);
    await waitFor(() => expect(reads('/api/provider/worklist')).toBeGreaterThan(before.list));
    await waitFor(() => expect(reads('/api/provider/worklist/counts')).toBeGreaterThan(before.counts));
    // The selection is done with.
    await waitFor(() => expect(screen.queryByTestId('bulk-actions')).toBeNull());
  });

  it('assigns the selected notices to a person picked from the owner candidates', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    const calls = worklistApi();
    const user = userEvent.setup();
    renderApp('/provider/worklist');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Gloves' }));
    await user.click(screen.getByRole('button', { name: 'Assign owner…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The person you choose will own 1 notice and is emailed about it.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choose a person');
    expect(calls.some((c) => c.path === '/api/provider/communications/bulk')).toBe(false);
    await user.click(within(dialog).getByRole('combobox', { name: /Owner/ }));
    await user.click(await screen.findByRole('option', { name: 'Olga Owner (Riverside Health)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('1 notice assigned; 1 already had that owner.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/provider/communications/bulk').map((c) => c.body)).toEqual([
      { action: 'ASSIGN', ids: [45], userId: 5 },
    ]);
  });
});
