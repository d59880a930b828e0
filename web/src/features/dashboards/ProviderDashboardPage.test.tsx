import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, jsonResponse } from '../../test/render';
import { makeJwt, claimsFor } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 1,
  email: 'coordinator@riverside.demo',
  first_name: 'Rita',
  last_name: 'River',
  full_name: 'Rita River',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Recall Coordinator',
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
  type: 'RECALL',
  updated_at: '2026-05-01T10:00:00.000Z',
};

/** Totals by the filter model sent: 10 events, 6 open, 4 closed, 2 marked complete, 7 contain COMPLETED of which 4 NOTCOMPLETED. */
function totalFor(filterModel: string | null): number {
  if (!filterModel) return 10;
  const key = Object.entries(JSON.parse(filterModel) as Record<string, { filter: string }>)
    .map(([field, f]) => `${field}:${f.filter}`)
    .join(',');
  const totals: Record<string, number> = {
    'status:OPEN': 6,
    'status:CLOSED': 4,
    'status_provider:COMPLETED': 2,
    'response_status:COMPLETED': 7,
    'response_status:NOTCOMPLETED': 4,
  };
  return totals[key] ?? 0;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('provider dashboard', () => {
  it('shows counts by status, response progress and recent items of the types the role manages', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', ['Provider_ManageRecalls'])) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const [path, qs = ''] = url.split('?');
        const query = new URLSearchParams(qs);
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/me/organization') return jsonResponse(me.organization);
        if (path === '/api/provider/communications') {
          expect(query.get('communicationType')).toBe('RECALL');
          const size = Number(query.get('pageSize'));
          return jsonResponse({
            items: size > 1 ? [row] : [],
            total: totalFor(query.get('filterModel')),
            pageNumber: 1,
            pageSize: size,
            lastUpdated: null,
          });
        }
        return jsonResponse({ ok: false, m: 'not here', error: { code: 'NOT_FOUND' } }, 404);
      }),
    );
    renderApp('/provider/dashboard');
    const dashboard = await screen.findByTestId('provider-dashboard');
    await waitFor(() => expect(within(screen.getByTestId('count-recall-total')).getByText('10')).toBeTruthy());
    expect(within(screen.getByTestId('count-recall-open')).getByText('6')).toBeTruthy();
    expect(within(screen.getByTestId('count-recall-closed')).getByText('4')).toBeTruthy();
    expect(within(screen.getByTestId('count-recall-marked-complete')).getByText('2')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByTestId('progress-recall')).getByText('Completed: 3 · In Progress: 7')).toBeTruthy(),
    );
    const link = await within(dashboard).findByRole('link', { name: 'Infusion pumps' });
    expect(link.getAttribute('href')).toBe('/provider/recalls/view/31/44');
    expect(within(dashboard).queryByRole('region', { name: 'Supply Advisories' })).toBeNull();
  });
});
