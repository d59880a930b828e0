import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
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

const event = {
  id: 7,
  organization_id: 3,
  supplier_name: 'Acme Medical Devices',
  type: 'RECALL',
  status: 'OPEN',
  current_step: 3,
  name: 'Infusion pumps',
  event_id: 'E-7',
  subtype: 'REMOVAL',
  classification: 'CLASSI',
  reason: null,
  description: '<p>Stop using <b>lot 9</b></p>',
  disposition: 'DESTROYED',
  lead_time: null,
  event_date: '2026-11-01',
  end_date: null,
  contact_name: 'Rick',
  contact_email: 'recalls@acme.demo',
  contact_phone: null,
  approved_at: '2026-11-01T10:00:00Z',
  closed_at: null,
  first_sent_at: '2026-11-01T11:00:00Z',
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
  products: [{ id: 1, product_name: 'Pump 3000', lot_number: 'L-9', catalog_number: null, udi: null }],
  actions: [{ id: 2, action_type: 'Checkbox', title: 'Which wards?', options: ['ICU', 'ER'], is_required: true }],
  documents: [{ id: 11, name: 'notice.pdf', type: 'application/pdf', size: 10, signed_url: '/api/files/old' }],
};

const histories = [
  {
    id: 1,
    action: 'APPROVED',
    entity_type: 'communication',
    entity_id: '7',
    actor_email: 'recalls@acme.demo',
    actor_name: 'Rick Recalls',
    provider_communication_id: null,
    before: null,
    after: null,
    is_change: false,
    created_at: '2026-11-01T10:00:00Z',
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('operator View Recall', () => {
  it('shows any supplier’s event read-only, with documents (fresh links) and histories', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ManageRecalls'])) });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push(`${method} ${url}`);
        const path = url.split('?')[0] ?? url;
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/me/organization') return jsonResponse(me.organization);
        if (path === '/api/notisphere/communications/7') return jsonResponse(event);
        if (path === '/api/notisphere/communications/7/histories') return jsonResponse(histories);
        if (path === '/api/notisphere/communications/document/11')
          return jsonResponse({ ...event.documents[0], signed_url: '/api/files/fresh' });
        if (method === 'GET') return jsonResponse({});
        return jsonResponse({ ok: false, m: 'no', error: { code: 'NOT_FOUND' } }, 404);
      }),
    );
    renderApp('/notisphere/recalls/view/7');
    await screen.findByRole('heading', { name: 'Infusion pumps' });
    expect(screen.getByText('Recall of Acme Medical Devices (read-only)')).toBeTruthy();
    expect(screen.getByText('E-7')).toBeTruthy();
    expect(screen.getByText('lot 9')).toBeTruthy();
    // Read-only: no supplier actions, no upload.
    expect(screen.queryByRole('button', { name: /^(Edit|Approve|Send|Close|Delete|Upload)$/ })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Preview notice.pdf' }));
    await waitFor(() => expect(calls).toContain('GET /api/notisphere/communications/document/11'));
    await screen.findByRole('dialog');

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('tab', { name: 'Products' }));
    await screen.findByText('Pump 3000');
    await user.click(screen.getByRole('tab', { name: 'Actions' }));
    await screen.findByText(/ICU, ER/);
    await user.click(screen.getByRole('tab', { name: 'History' }));
    await screen.findByText(/^Event approved/);
    expect(screen.queryByText('APPROVED')).toBeNull();
    expect(screen.getByText(/Rick Recalls/)).toBeTruthy();
    expect(calls.some((c) => c.includes('/supplier/'))).toBe(false);
  });

  describe('an address that names no recall (issue 33)', () => {
    function server() {
      setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ManageRecalls'])) });
      const calls: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          const path = url.split('?')[0] ?? url;
          calls.push(path);
          if (path === '/api/me') return jsonResponse(me);
          if (path === '/api/me/organization') return jsonResponse(me.organization);
          if (path === '/api/notisphere/communications/999')
            return jsonResponse({ ok: false, m: 'Not found.', error: { code: 'NOT_FOUND' } }, 404);
          return jsonResponse({});
        }),
      );
      return calls;
    }

    it('shows the not-found page for an id that is not one, without asking the server', async () => {
      const calls = server();
      renderApp('/notisphere/recalls/view/abc');
      expect(await screen.findByTestId('not-found')).toBeTruthy();
      expect(calls.some((c) => c.startsWith('/api/notisphere/communications'))).toBe(false);
    });

    it('shows the not-found page (no error box, no modal) when the server has no such recall', async () => {
      server();
      renderApp('/notisphere/recalls/view/999');
      expect(await screen.findByTestId('not-found')).toBeTruthy();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(screen.queryByText('Not found.')).toBeNull();
    });
  });
});
