import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 43,
  email: 'sourcing@acme.demo',
  first_name: 'Sara',
  last_name: 'Sourcing',
  full_name: 'Sara Sourcing',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Sourcing Coordinator',
  organization: { id: 2, name: 'Acme Medical Devices', type: 'SUPPLIER', profile_photo: null, isSSO: false },
};

const advisory = {
  id: 7,
  organization_id: 2,
  type: 'PRODUCT DISRUPTION',
  status: 'OPEN',
  current_step: 3,
  subtype: 'BACKORDER',
  name: 'Saline backorder',
  event_id: 'SA-7',
  classification: null,
  reason: null,
  description: null,
  disposition: null,
  lead_time: '2-4 weeks',
  event_date: null,
  end_date: null,
  contact_name: null,
  contact_email: null,
  contact_phone: null,
  products: [],
  actions: [],
  customers_count: 1,
  locations_count: 0,
  provider_communications_count: 1,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  approved_at: '2026-11-20T10:00:00Z',
};

describe('sales reps tab of the view page', () => {
  it('lists the sales reps and sends an open advisory to them', async () => {
    setPageToken({
      access_token: makeJwt(
        claimsFor('SUPPLIER', ['Supplier_ManageDisruption'], { role_name: 'Sourcing Coordinator' }),
      ),
    });
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = url.split('?')[0] ?? '';
        if (init?.method === 'POST') {
          posts.push(path);
          return jsonResponse({ emails_queued: 1 });
        }
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/supplier/communications/7') return jsonResponse(advisory);
        if (path === '/api/supplier/communications/7/salesreps') {
          return jsonResponse([
            { id: 3, first_name: 'Sam', last_name: 'Seller', email: 'sam@acme.demo', phone: null, territory: 'West' },
          ]);
        }
        // Everything else the view page loads (documents, history, quick links …) is simply empty here.
        return jsonResponse([]);
      }),
    );
    renderApp('/supplier/product-disruption/view/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Sales Reps' }));
    expect(await screen.findByText('Sam Seller')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send to sales reps' }));
    await waitFor(() => expect(posts).toContain('/api/supplier/communications/7/salesreps/notify'));
  });
});
