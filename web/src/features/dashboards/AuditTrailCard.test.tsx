import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the operator's audit trail card", () => {
  it('checks only when asked, names the first broken entry by its words, and checks again', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ViewDashboard'])) });
    const answers = [
      {
        ok: false,
        checked: 1234,
        broken: {
          table: 'communication_history',
          id: 77,
          organization_id: 2,
          organization_name: 'Acme Medical Devices',
        },
      },
      { ok: true, checked: 1240, broken: null },
    ];
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        const path = url.split('?')[0];
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/me/organization') return jsonResponse(me.organization);
        if (path === '/api/notisphere/metrics') return jsonResponse(metricsAnswer());
        if (path === '/api/notisphere/audit/verify') return jsonResponse(answers.shift());
        return jsonResponse({ ok: false, m: 'not here', error: { code: 'NOT_FOUND' } }, 404);
      }),
    );
    renderApp('/notisphere/dashboard');
    const card = await screen.findByTestId('audit-trail-card');
    expect(calls.some((c) => c.startsWith('/api/notisphere/audit/verify'))).toBe(false);
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Check the audit trail' }));
    const broken = await within(card).findByTestId('audit-trail-broken');
    expect(broken.textContent).toContain('First broken entry: Event history #77, organization Acme Medical Devices.');
    expect(broken.textContent).toContain('1,234 entries checked.');
    await user.click(within(card).getByRole('button', { name: 'Check again' }));
    expect((await within(card).findByTestId('audit-trail-intact')).textContent).toBe(
      'Intact: 1,240 entries checked, none changed or removed.',
    );
    expect(calls.filter((c) => c.startsWith('/api/notisphere/audit/verify'))).toHaveLength(2);
  });
});
