import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, renderApp } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 5,
  email: 'recalls@acme.demo',
  first_name: 'Rick',
  last_name: 'Recalls',
  full_name: 'Rick Recalls',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Recall Coordinator',
  organization: { id: 2, name: 'Acme Medical Devices', type: 'SUPPLIER', profile_photo: null, isSSO: false },
};

const worklist = {
  overdueRecalls: [
    {
      communication_id: 31,
      type: 'RECALL',
      name: 'Infusion pumps',
      event_id: 'E-31',
      classification: 'CLASSI',
      due_date: '2026-11-20',
      overdue_customers: 4,
    },
  ],
  bouncedRecipients: [{ communication_id: 32, type: 'PRODUCT DISRUPTION', name: 'Saline backorder', bounced: 1 }],
  unansweredConversations: [
    {
      conversation_id: 9,
      communication_id: 31,
      type: 'RECALL',
      name: 'Infusion pumps',
      provider_communication_id: 77,
      provider_name: 'Lakeshore Medical Center',
      subject: 'Lot counts',
      last_message_at: '2026-11-25T10:00:00Z',
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function backend(answer: unknown) {
  setPageToken({
    access_token: makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls', 'Supplier_ManageDisruption'])),
  });
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const path = url.split('?')[0];
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === '/api/supplier/worklist') return jsonResponse(answer);
      if (path === '/api/supplier/communications')
        return jsonResponse({ items: [], total: 0, pageNumber: 1, pageSize: 5, lastUpdated: null });
      return jsonResponse({ ok: false, m: 'not here', error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return calls;
}

describe("the supplier dashboard's worklist", () => {
  it('lists overdue customers, bounced recipients and unanswered conversations, each opening the right tab', async () => {
    const calls = backend(worklist);
    renderApp('/supplier/dashboard');
    const section = await screen.findByTestId('supplier-worklist');
    expect(within(section).getByRole('heading', { name: 'Needs attention' })).toBeTruthy();

    const overdue = within(section).getByRole('region', { name: 'Overdue customers (1)' });
    const recall = await within(overdue).findByRole('link', { name: 'Infusion pumps' });
    expect(recall.getAttribute('href')).toBe('/supplier/recalls/view/31?tab=customers&overdue=1');
    expect(within(overdue).getByText('4 overdue customers')).toBeTruthy();
    expect(within(overdue).getByText('Due 11/20/2026')).toBeTruthy();
    expect(within(overdue).getByText('Class I')).toBeTruthy();

    const bounced = within(section).getByRole('region', { name: 'Bounced recipients (1)' });
    expect(within(bounced).getByRole('link', { name: 'Saline backorder' }).getAttribute('href')).toBe(
      '/supplier/product-disruption/view/32?tab=delivery&delivery=BOUNCED',
    );
    expect(within(bounced).getByText('1 bounced recipient')).toBeTruthy();

    const talks = within(section).getByRole('region', { name: 'Unanswered conversations (1)' });
    expect(within(talks).getByRole('link', { name: 'Lot counts' }).getAttribute('href')).toBe(
      '/supplier/recalls/view/31?tab=conversations&conversation=9',
    );
    expect(within(talks).getByText('Lakeshore Medical Center')).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('/api/supplier/worklist'))).toHaveLength(1);
  });

  it('says when nothing needs attention', async () => {
    backend({ overdueRecalls: [], bouncedRecipients: [], unansweredConversations: [] });
    renderApp('/supplier/dashboard');
    const section = await screen.findByTestId('supplier-worklist');
    expect(await within(section).findByText('Nothing needs your attention.')).toBeTruthy();
    expect(within(section).queryByRole('link')).toBeNull();
  });
});
