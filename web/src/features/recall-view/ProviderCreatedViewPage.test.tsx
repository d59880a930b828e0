import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
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

const communication = {
  id: 52,
  type: 'PRODUCT DISRUPTION',
  subtype: null,
  name: 'Saline shortage',
  event_id: null,
  classification: null,
  reason: null,
  description: null,
  disposition: null,
  lead_time: null,
  event_date: null,
  end_date: null,
  contact_name: null,
  contact_email: null,
  contact_phone: null,
  status: 'OPEN',
  supplier_name: 'Acme Medical',
  organization_id: 7,
};

const view = {
  communication,
  provider_communication: {
    id: 90,
    communication_id: 52,
    supplier_organization_id: 7,
    provider_organization_id: 7,
    affected_customer_id: 3,
    status: 'OPEN',
    response_status: 'COMPLETED',
    sent_at: '2026-01-05T10:00:00.000Z',
    acknowledged_at: null,
    acknowledged_by: null,
    completed_at: null,
    customer_name: 'Riverside Health',
    response_label: 'Completed',
  },
  products: [],
  actions: [],
  documents: [],
  email: 'admin@riverside.demo',
  status_provider: 'OPEN',
  isProviderCreated: true,
  allow_access: true,
  site: null,
};

function signedInServer(created: boolean) {
  setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', ['Provider_ManageDisruption'])) });
  const fetch = vi.fn(async (url: string) => {
    const path = url.split('?')[0];
    if (path === '/api/me') return jsonResponse(me);
    if (path === '/api/me/organization') return jsonResponse(me.organization);
    if (path === '/api/provider/communications/provider-edit/52')
      return created
        ? jsonResponse({
            communication,
            provider_communication_id: 90,
            status_provider: 'OPEN',
            products: [],
            actions: [],
          })
        : jsonResponse({ ok: false, m: 'Communication not found.', error: { code: 'COMMUNICATION_NOT_FOUND' } }, 404);
    if (path === '/api/provider/communications/52/provider-recall/90') return jsonResponse(view);
    if (path === '/api/provider/communications/suppliercontact/52')
      return jsonResponse({
        supplier: { id: 2, name: 'Acme Medical' },
        contact_name: 'Sam Supply',
        contact_email: 'sam@acme.demo',
        contact_phone: null,
        contact_source: 'PROVIDER',
      });
    return jsonResponse([]);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('the view of a provider-created supply advisory (/view/:id)', () => {
  it('resolves its provider communication and shows the same view as /view/:id/:providerCommunicationId', async () => {
    const fetch = signedInServer(true);
    renderApp('/provider/product-disruption/view/52');
    expect(await screen.findByRole('heading', { name: 'Saline shortage' })).toBeTruthy();
    expect(screen.getByText('Provider-created')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/provider/product-disruption/edit/52',
    );
    // The supplier contact the provider keeps (Supplier Contacts) stands in for the event's own contact.
    expect(screen.getByText('Your supplier contact').nextElementSibling?.textContent).toBe(
      'Sam Supply · sam@acme.demo',
    );
    expect(fetch.mock.calls.map(([u]) => String(u).split('?')[0])).toContain(
      '/api/provider/communications/52/provider-recall/90',
    );
  });

  it('shows the not-found page when the id is not one the provider created (the server answers 404)', async () => {
    signedInServer(false);
    renderApp('/provider/product-disruption/view/52');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Saline shortage' })).toBeNull();
  });
});
