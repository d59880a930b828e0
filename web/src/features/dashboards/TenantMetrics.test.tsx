import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, renderApp } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { metricsAnswer } from './fixtures';
import { setPageToken } from '../../state/auth';

const user = (type: 'SUPPLIER' | 'PROVIDER') => ({
  id: 5,
  email: 'admin@example.demo',
  first_name: 'Ada',
  last_name: 'Admin',
  full_name: 'Ada Admin',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: {
    id: 2,
    name: type === 'SUPPLIER' ? 'Acme Medical Devices' : 'Riverside Health',
    type,
    profile_photo: null,
    isSSO: false,
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function backend(type: 'SUPPLIER' | 'PROVIDER', permissions: string[]) {
  setPageToken({ access_token: makeJwt(claimsFor(type, permissions)) });
  const me = user(type);
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const path = url.split('?')[0];
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === '/api/supplier/dashboard/metrics') return jsonResponse(metricsAnswer());
      if (path === '/api/provider/dashboard/metrics')
        return jsonResponse(
          metricsAnswer({
            events: { unit: 'notices', by_status: { OPEN: 5, CLOSED: 2 }, total: 7 },
            effectiveness: null,
          }),
        );
      if (path === '/api/supplier/communications' || path === '/api/provider/communications')
        return jsonResponse({ items: [], total: 0, pageNumber: 1, pageSize: 5, lastUpdated: null });
      return jsonResponse({ ok: false, m: 'not here', error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return calls;
}

describe('tenant dashboards', () => {
  it("charts the supplier's own figures, with the FDA levels of its open recalls", async () => {
    const calls = backend('SUPPLIER', ['Supplier_ViewDashboard', 'Supplier_ManageRecalls']);
    renderApp('/supplier/dashboard');
    const section = await screen.findByTestId('supplier-metrics');
    await within(section).findByTestId('metrics-board');
    expect(calls.some((c) => c.startsWith('/api/supplier/dashboard/metrics?period=LAST_90_DAYS'))).toBe(true);
    expect(within(section).getByRole('figure', { name: 'FDA effectiveness level of open recalls' })).toBeTruthy();
    expect(within(screen.getByTestId('kpi-events')).getByText('Events')).toBeTruthy();
    // The existing panels stay.
    expect(screen.getByTestId('count-RECALL-OPEN')).toBeTruthy();
  });

  it("charts the notices a provider's organisation received, without FDA levels", async () => {
    const calls = backend('PROVIDER', ['Provider_ViewDashboard', 'Provider_ManageRecalls']);
    renderApp('/provider/dashboard');
    const section = await screen.findByTestId('provider-metrics');
    await within(section).findByTestId('metrics-board');
    expect(calls.some((c) => c.startsWith('/api/provider/dashboard/metrics?'))).toBe(true);
    expect(within(screen.getByTestId('kpi-events')).getByText('Notices received')).toBeTruthy();
    expect(within(screen.getByTestId('kpi-events')).getByText('7')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Notices by status' })).toBeTruthy();
    expect(screen.queryByRole('figure', { name: 'FDA effectiveness level of open recalls' })).toBeNull();
  });

  it('asks for no figures when the role may not view the dashboard', async () => {
    const calls = backend('SUPPLIER', ['Supplier_ManageRecalls']);
    renderApp('/supplier/dashboard');
    await screen.findByTestId('supplier-dashboard');
    await screen.findByTestId('count-RECALL-OPEN');
    expect(screen.queryByTestId('supplier-metrics')).toBeNull();
    expect(calls.some((c) => c.includes('/dashboard/metrics'))).toBe(false);
  });
});
