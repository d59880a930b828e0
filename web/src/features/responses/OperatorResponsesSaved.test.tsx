import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn, type ApiCall } from '../../test/backend';

const BASE = '/api/notisphere/communications/responses';

const row = {
  id: 44,
  communication_id: 31,
  row_key: '44:-',
  stt: 'OPEN',
  status: 'OPEN',
  status_provider: 'OPEN',
  isProviderCreated: false,
  allow_access: true,
  response_status: 'NOTCOMPLETED',
  name: 'Infusion pumps',
  event_id: 'E-31',
  type: 'RECALL',
  supplier_name: 'Acme Medical Devices',
  provider_id: 7,
  provider_name: 'Lakeshore Medical Center',
  site_name: null,
  userid: null,
  responder_name: null,
  responder_email: null,
  responded_at: null,
  sent_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
};

function api() {
  signIn('NOTISPHERE', ['NotiSphere_ResponderRole']);
  return fakeApi(personOf('NOTISPHERE'), (call: ApiCall) => {
    if (call.path === BASE)
      return jsonResponse({ items: [row], total: 1, pageNumber: 1, pageSize: 50, lastUpdated: null });
    if (call.path.startsWith(`${BASE}/download`))
      return new Response('a,b', { headers: { 'content-type': 'text/csv', 'x-app-version': '3.11.2' } });
    if (call.method === 'GET') return jsonResponse([]);
    return undefined;
  });
}

describe("the operator's eR responses: downloads and saved list", () => {
  it('downloads CSV and XLSX of the list as the screen shows it (search, sort), every page', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }));
    const calls = api();
    const user = userEvent.setup();
    renderApp('/notisphere/er-response');
    await screen.findByText('Lakeshore Medical Center');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Lakeshore');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === BASE)
          .at(-1)!
          .query.get('search'),
      ).toBe('Lakeshore'),
    );
    await user.click(screen.getByRole('button', { name: /^Provider/ }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === BASE)
          .at(-1)!
          .query.get('sortField'),
      ).toBe('provider_name'),
    );

    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(calls.some((c) => c.path === `${BASE}/downloadcsv`)).toBe(true));
    const csv = calls.find((c) => c.path === `${BASE}/downloadcsv`)!.query;
    expect([csv.get('search'), csv.get('sortField'), csv.get('pageNumber'), csv.get('pageSize')]).toEqual([
      'Lakeshore',
      'provider_name',
      null,
      null,
    ]);
    await user.click(screen.getByRole('button', { name: 'XLSX' }));
    await waitFor(() => expect(calls.some((c) => c.path === `${BASE}/downloadxlsx`)).toBe(true));
    expect(calls.find((c) => c.path === `${BASE}/downloadxlsx`)!.query.get('search')).toBe('Lakeshore');
  });

  it('opens again on the search and sort the operator left', async () => {
    let calls = api();
    const user = userEvent.setup();
    const first = renderApp('/notisphere/er-response');
    await screen.findByText('Lakeshore Medical Center');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Lakeshore');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === BASE)
          .at(-1)!
          .query.get('search'),
      ).toBe('Lakeshore'),
    );
    first.unmount();

    calls = api();
    renderApp('/notisphere/er-response');
    await screen.findByText('Lakeshore Medical Center');
    expect(calls.find((c) => c.path === BASE)!.query.get('search')).toBe('Lakeshore');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('Lakeshore');
  });
});
