import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 42,
  email: 'admin@riverside.demo',
  first_name: 'Rita',
  last_name: 'Riverside',
  full_name: 'Rita Riverside',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: { id: 7, name: 'Riverside Health', type: 'PROVIDER', profile_photo: null, isSSO: false },
};

const row = {
  id: 44,
  communication_id: 31,
  stt: 'OPEN',
  status: 'OPEN',
  status_provider: 'OPEN',
  isProviderCreated: false,
  allow_access: true,
  response_status: 'NOTCOMPLETED',
  name: 'Infusion pumps',
  event_id: 'E-44',
  type: 'RECALL',
  supplier_name: 'Acme Medical Devices',
  sent_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
};

const view = {
  communication: { id: 31, type: 'RECALL', name: 'Infusion pumps', status: 'OPEN', organization_id: 2 },
  provider_communication: {
    id: 44,
    communication_id: 31,
    provider_organization_id: 7,
    status: 'OPEN',
    response_status: 'NOTCOMPLETED',
    acknowledged_at: null,
    acknowledged_by: null,
  },
  products: [],
  actions: [],
  documents: [],
  status_provider: 'OPEN',
  isProviderCreated: false,
  allow_access: true,
  site: null,
};

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A server with the list, the view and file answers named as the server names them; records every GET. */
function server(permissions: string[]) {
  setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', permissions, { sub: '42' })) });
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const path = url.split('?')[0]!;
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === '/api/provider/communications')
        return jsonResponse({ items: [row], total: 1, pageNumber: 1, pageSize: 50, lastUpdated: null });
      if (path === '/api/provider/communications/31/provider-recall/44') return jsonResponse(view);
      const report = /\/(providerRecallSummaryReport|providerAllDelegateSummaryReport|provideraffectedproducts)/.exec(
        path,
      );
      if (report) {
        const csv = path.endsWith('/csv');
        return new Response('x', {
          headers: {
            'content-type': csv ? 'text/csv' : XLSX,
            'content-disposition': `attachment; filename="${report[1]} 11-23-2026.${csv ? 'csv' : 'xlsx'}"`,
          },
        });
      }
      return jsonResponse([]);
    }),
  );
  return calls;
}

const query = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('provider list downloads', () => {
  it("the recall list's CSV and XLSX send the list's query (every page) to the Provider Recall Summary Report", async () => {
    const calls = server(['Provider_ManageRecalls']);
    renderApp('/provider/recalls');
    await screen.findByText('Infusion pumps');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(calls.some((c) => c.includes('/providerRecallSummaryReport/csv'))).toBe(true));
    const csv = calls.find((c) => c.includes('/providerRecallSummaryReport/csv'))!;
    expect(csv.split('?')[0]).toBe('/api/provider/communications/providerRecallSummaryReport/csv');
    expect(query(csv)).toEqual({ communicationType: 'RECALL', sortField: 'sent_at', sortDirection: 'desc' });
    await user.click(screen.getByRole('button', { name: 'XLSX' }));
    await waitFor(() =>
      expect(calls.some((c) => c.split('?')[0] === '/api/provider/communications/providerRecallSummaryReport')).toBe(
        true,
      ),
    );
    // The Delegate Summary menu offers both formats.
    await user.click(screen.getByRole('button', { name: 'Delegate Summary' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delegate Summary (CSV)' }));
    await waitFor(() => expect(calls).toContain('/api/provider/communications/providerAllDelegateSummaryReport/csv'));
  });

  it('the supply advisory list downloads its own type; the eR responses list its responder rows', async () => {
    const calls = server(['Provider_ManageDisruption', 'Provider_ResponderRole']);
    const { location } = renderApp('/provider/product-disruption');
    await screen.findByText('Infusion pumps');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'XLSX' }));
    await waitFor(() => expect(calls.some((c) => c.includes('/providerRecallSummaryReport?'))).toBe(true));
    expect(query(calls.find((c) => c.includes('/providerRecallSummaryReport?'))!).communicationType).toBe(
      'PRODUCT DISRUPTION',
    );
    location.navigate('/provider/er-response');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delegate Summary' })).toBeNull());
    await screen.findByText('Infusion pumps');
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(calls.some((c) => c.includes('/providerRecallSummaryReport/csv?'))).toBe(true));
    const csv = query(calls.find((c) => c.includes('/providerRecallSummaryReport/csv?'))!);
    expect(csv.responses).toBe('1');
    expect(csv.communicationType).toBeUndefined();
  });
});

describe('provider view: Reports menu', () => {
  it('offers the four per-notice reports and downloads one for this event and notice', async () => {
    const calls = server(['Provider_ManageRecalls']);
    renderApp('/provider/recalls/view/31/44');
    expect(await screen.findByRole('heading', { name: 'Infusion pumps' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reports' }));
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).toEqual([
      'Affected Locations Report',
      'Affected Products Report',
      'Customized Content Report',
      'Change History Report',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Affected Products Report' }));
    await waitFor(() => expect(calls).toContain('/api/provider/communications/31/provideraffectedproducts/44'));
  });
});
