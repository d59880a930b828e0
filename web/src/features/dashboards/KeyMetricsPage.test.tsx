import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { jsonResponse, renderApp } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { metricsAnswer } from './fixtures';
import { setPageToken } from '../../state/auth';

const me = {
  id: 42,
  email: 'admin@operator.demo',
  first_name: 'Olga',
  last_name: 'Operator',
  full_name: 'Olga Operator',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: { id: 1, name: 'NotiSphere', type: 'NOTISPHERE', profile_photo: null, isSSO: false },
};

const meta = (providers: { id: number; name: string }[]) => ({
  suppliers: [
    { id: 2, name: 'Acme Medical Devices' },
    { id: 3, name: 'Borealis Pharma' },
  ],
  providers,
  types: [
    { value: 'RECALL', label: 'Recall' },
    { value: 'PRODUCT DISRUPTION', label: 'Supply Advisory' },
  ],
  periods: [],
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  i18n.activate('en');
});

function backend() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const [path, qs = ''] = url.split('?');
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === '/api/notisphere/organizations/kpi-meta/0')
        return jsonResponse(
          meta([
            { id: 4, name: 'Riverside Health' },
            { id: 7, name: 'Lakeshore Medical Center' },
          ]),
        );
      if (path === '/api/notisphere/organizations/kpi-meta/3')
        return jsonResponse(meta([{ id: 7, name: 'Lakeshore Medical Center' }]));
      if (path === '/api/notisphere/metrics') {
        const q = new URLSearchParams(qs);
        // Borealis' figures differ, so the page must show the answer of the filter it sent.
        return jsonResponse(
          q.get('supplierId') === '3'
            ? metricsAnswer({
                notices: { sent: 20, acknowledged: 5, completed: 1, acknowledgement_rate: 25, completion_rate: 5 },
              })
            : metricsAnswer(),
        );
      }
      return jsonResponse({ ok: false, m: 'not here', error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return calls;
}

const signIn = (permissions: string[]) => setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', permissions)) });

const tile = (testId: string) => screen.getByTestId(testId);

describe('operator key metrics', () => {
  it('shows the figures as tiles, charts with their data tables and lists, and refetches by supplier', async () => {
    signIn(['Notisphere_ViewKeyMetrics']);
    const calls = backend();
    renderApp('/notisphere/key-metrics');
    await screen.findByTestId('metrics-board');
    expect(within(tile('kpi-sent')).getByText('1,234')).toBeTruthy();
    expect(within(tile('kpi-ack-rate')).getByText('75%')).toBeTruthy();
    expect(within(tile('kpi-ack-rate')).getByText('926 of 1,234')).toBeTruthy();
    expect(within(tile('kpi-completion-rate')).getByText('37.5%')).toBeTruthy();
    expect(within(tile('kpi-ack-time')).getByText('3.5 hr')).toBeTruthy();
    expect(within(tile('kpi-ack-time')).getByText('90th percentile: 19 hr')).toBeTruthy();
    expect(within(tile('kpi-completion-time')).getByText('90th percentile: 3 days')).toBeTruthy();

    // Each chart is a named figure whose numbers are also a table.
    const funnel = screen.getByRole('figure', { name: 'From sent to completed' });
    expect(within(funnel).getByRole('rowheader', { name: 'Completed' })).toBeTruthy();
    expect(within(funnel).getByRole('cell', { name: '37.5%' })).toBeTruthy();
    const byClass = screen.getByRole('figure', { name: 'By recall class' });
    expect(within(byClass).getByRole('rowheader', { name: 'Class I' })).toBeTruthy();
    // No class and "Not Yet Classified" are one row (1 + 2 events), under the vocabulary's word.
    const notYet = within(byClass).getByRole('rowheader', { name: 'Not Yet Classified' }).closest('tr');
    expect(notYet?.querySelector('td')?.textContent).toBe('3');
    expect(within(byClass).queryByRole('rowheader', { name: 'Not classified' })).toBeNull();
    const trend = screen.getByRole('figure', { name: 'Notices per week' });
    expect(within(trend).getByRole('rowheader', { name: 'Nov 16' })).toBeTruthy();
    const email = screen.getByRole('figure', { name: 'Email delivery' });
    expect(within(email).getByRole('rowheader', { name: 'Bounced' })).toBeTruthy();
    const statuses = screen.getByRole('figure', { name: 'Events by status' });
    expect(within(statuses).getByRole('rowheader', { name: 'Draft' })).toBeTruthy();
    expect(within(screen.getByTestId('slowest-providers')).getByText('Not acknowledged yet')).toBeTruthy();
    expect(within(screen.getByTestId('effectiveness-recalls')).getByText('Infusion pumps')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Supplier' }));
    await user.click(await screen.findByRole('option', { name: 'Borealis Pharma' }));
    await waitFor(() => expect(within(tile('kpi-sent')).getByText('20')).toBeTruthy());
    const last = new URLSearchParams(
      calls
        .filter((c) => c.startsWith('/api/notisphere/metrics?'))
        .at(-1)!
        .split('?')[1],
    );
    expect(last.get('supplierId')).toBe('3');
    expect(last.get('period')).toBe('LAST_90_DAYS');
    // The provider filter now offers the providers Borealis sent to.
    expect(calls).toContain('/api/notisphere/organizations/kpi-meta/3');
  });

  it('formats numbers, rates and durations in Vietnamese', async () => {
    i18n.loadAndActivate({ locale: 'vi', messages: {} });
    signIn(['Notisphere_ViewKeyMetrics']);
    backend();
    renderApp('/notisphere/key-metrics');
    await screen.findByTestId('metrics-board');
    expect(screen.getByTestId('kpi-sent').textContent).toContain('1.234');
    expect(screen.getByTestId('kpi-completion-rate').textContent).toContain('37,5%');
    expect(screen.getByTestId('kpi-ack-time').textContent).toContain('3,5');
  });
});

describe('operator dashboard', () => {
  it('shows the whole platform and filters by period', async () => {
    signIn(['Notisphere_ViewDashboard']);
    const calls = backend();
    renderApp('/notisphere/dashboard');
    await screen.findByTestId('metrics-board');
    expect(screen.queryByRole('combobox', { name: 'Supplier' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last 12 months' }));
    await waitFor(() =>
      expect(calls.some((c) => c.startsWith('/api/notisphere/metrics?') && c.includes('period=LAST_12_MONTHS'))).toBe(
        true,
      ),
    );
  });
});
