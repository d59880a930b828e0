import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 1,
  email: 'admin@riverside.demo',
  first_name: 'Rita',
  last_name: 'River',
  full_name: 'Rita River',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Sourcing Coordinator',
  organization: { id: 7, name: 'Riverside Health', type: 'PROVIDER', profile_photo: null, isSSO: false },
};

const recall = {
  recall_number: 'Z-1001-2026',
  list: 'devices',
  status: 'Open Classified',
  classification: 'Class I',
  recalling_firm: 'Arrow International Inc',
  product_description: 'Arrow central venous catheter kit',
  product_code: 'DQY',
  initiation_date: '2026-11-12',
};
const record = {
  id: 9,
  recall_number: 'Z-1001-2026',
  kind: 'device-recall',
  status: 'Open Classified',
  classification: null,
  recalling_firm: 'Arrow International Inc',
  initiation_date: '2026-11-12',
  record: { product_res_number: 'Z-1001-2026', root_cause_description: 'Labeling mix-up' },
  openfda: { regulation_number: '880.5200' },
  enforcement: { classification: 'Class I' },
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function signIn(permissions: string[]) {
  setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', permissions)) });
}

function backend(items: unknown[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const path = url.split('?')[0];
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === '/api/provider/dashboard/fda-recalls') return jsonResponse({ days: 90, items });
      if (path === '/api/provider/dashboard/fda-recalls/Z-1001-2026') return jsonResponse(record);
      // The dashboard's other cards (news, figures) are not under test.
      return jsonResponse({ ok: false, m: 'not here', error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return calls;
}

describe('provider dashboard: FDA Class I recalls card', () => {
  it('lists the recalls and opens a record from the card with every field', async () => {
    signIn(['Provider_ViewDashboard']);
    const calls = backend([recall]);
    renderApp('/provider/dashboard');
    const card = await screen.findByRole('region', { name: 'FDA Class I recalls' });
    expect(await within(card).findByText('Arrow International Inc')).toBeTruthy();
    expect(within(card).getByText('DQY')).toBeTruthy();
    expect(within(card).getByText('Open Classified')).toBeTruthy();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Z-1001-2026' }));
    const dialog = await screen.findByTestId('fda-record');
    expect(await within(dialog).findByText('Labeling mix-up')).toBeTruthy();
    expect(within(dialog).getByText('880.5200')).toBeTruthy();
    // The provider's own record call: it has no access to the operator's FDA pages.
    expect(calls).toContain('/api/provider/dashboard/fda-recalls/Z-1001-2026');
    expect(calls.some((u) => u.startsWith('/api/notisphere/fda'))).toBe(false);
  });

  it('says so when no recall matches', async () => {
    signIn(['View_Dashboard']);
    backend([]);
    renderApp('/provider/dashboard');
    expect(
      await screen.findByText('No FDA Class I recall in the last 90 days for your suppliers or their products.'),
    ).toBeTruthy();
  });

  it('is not shown to a role that may not view the dashboard', async () => {
    signIn(['Provider_ManageRecalls']);
    const calls = backend([recall]);
    renderApp('/provider/dashboard');
    await screen.findByTestId('provider-dashboard');
    expect(screen.queryByRole('region', { name: 'FDA Class I recalls' })).toBeNull();
    expect(calls.some((u) => u.startsWith('/api/provider/dashboard/fda-recalls'))).toBe(false);
  });
});
