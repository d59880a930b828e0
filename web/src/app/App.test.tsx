import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, jsonResponse } from '../test/render';
import { makeJwt, claimsFor } from '../test/jwt';
import { accessDeniedAtom, tokenAtom } from '../state/auth';
import type { CommunicationAccessDetails } from '../api/auth';
import { setPageToken } from '../state/auth';

const me = {
  id: 1,
  email: 'admin@acme.demo',
  first_name: 'Alice',
  last_name: 'Acme',
  full_name: 'Alice Acme',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Recall Coordinator',
  organization: { id: 2, name: 'Acme Medical Devices', type: 'SUPPLIER', profile_photo: null, isSSO: false },
};

function signedInAs(
  orgType: 'SUPPLIER' | 'PROVIDER' | 'NOTISPHERE',
  permissions: string[],
  roleName = 'Administrator',
) {
  const access = makeJwt(claimsFor(orgType, permissions, { role_name: roleName }));
  setPageToken({ access_token: access });
}

function backend(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (url: string) => {
    const path = url.split('?')[0] ?? '';
    if (path in routes) return jsonResponse(routes[path]);
    return jsonResponse({ ok: false, m: `No such API path: GET ${path}`, error: { code: 'NOT_FOUND' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('app routing', () => {
  it('sends an unauthenticated visit to login with the remembered path and query', async () => {
    backend({});
    const { location } = renderApp('/supplier/recalls?conId=5&tabName=products');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(location.history.at(-1)).toBe('/login?redirect=%2Fsupplier%2Frecalls%3FconId%3D5%26tabName%3Dproducts');
  });

  it('redirects the root to the landing page of the signed-in user', async () => {
    signedInAs('PROVIDER', ['Provider_ResponderRole', 'Provider_ManageRecalls'], 'Responder');
    backend({ '/api/me': me });
    const { location } = renderApp('/');
    await waitFor(() => expect(location.history.at(-1)).toBe('/provider/er-response'));
    await waitFor(() => expect(document.title).toBe('eR Responses | Notisphere'));
  });

  it('renders the shell with the sidebar of the user type, breadcrumbs and organisation name', async () => {
    signedInAs('SUPPLIER', ['Supplier_ManageRecalls', 'Supplier_ViewFAQs']);
    backend({ '/api/me': me });
    renderApp('/account/edit');
    const sidebar = await screen.findByTestId('sidebar');
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Recalls']);
    expect(
      within(sidebar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Recall Settings', 'Help']);
    await userEvent.setup().click(within(sidebar).getByRole('button', { name: 'Recall Settings' }));
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Recalls', 'Template Actions', 'Distribution Lists']);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Home', 'My Profile', 'Edit Profile']);
    expect(within(crumbs).getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/account');
    await waitFor(() =>
      expect(document.querySelector('[data-slot="header-organization"]')?.textContent).toBe('Acme Medical Devices'),
    );
  });

  it('does not show the organisation name to the operator', async () => {
    signedInAs('NOTISPHERE', ['Notisphere_ManageRecalls']);
    const operator = { ...me.organization, name: 'Operator', type: 'NOTISPHERE' };
    backend({ '/api/me': { ...me, organization: operator }, '/api/me/organization': operator });
    renderApp('/account');
    await screen.findByTestId('sidebar');
    expect((await screen.findByTestId('account')).textContent).toContain('Operator');
    expect(document.querySelector('[data-slot="header-organization"]')).toBeNull();
  });

  it('sends a user without the permission to the landing page and records the access-denied state', async () => {
    signedInAs('PROVIDER', ['Provider_ManageRecalls', 'Provider_ViewDashboard']);
    const fetchMock = backend({
      '/api/me': me,
      '/api/auth/getcommunicationdetails/31/view/77': {
        allow_access: false,
        communication_id: 31,
        provider_communication_id: 77,
        type: 'Supply Advisory',
        supplier: 'Acme Medical Devices',
        provider: 'Riverside Health',
        first_name: 'Rita',
        last_name: 'Riverside',
        email: 'admin@riverside.demo',
        request_sent: false,
      } satisfies CommunicationAccessDetails,
      '/api/auth/request/31/access/77': null,
      '/api/auth/logout': null,
    });
    const { location, store } = renderApp('/provider/product-disruption/view/31/77');
    await waitFor(() => expect(location.history).toContain('/provider/worklist'));
    expect(store.get(accessDeniedAtom)).toEqual({
      path: '/provider/product-disruption/view/31/77',
      communicationId: '31',
      providerCommunicationId: '77',
      requestSent: false,
    });
    const dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText(
      'Your organization received a Supply Advisory from Acme Medical Devices, but you do not have permission to view it in your provider account. Click below to request permission from your account administrator, Rita Riverside (admin@riverside.demo).',
    );
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Request Access' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/request/31/access/77', expect.anything());
    expect(store.get(accessDeniedAtom)).toBeNull();
    expect(store.get(tokenAtom)).toBeNull();
    expect(await screen.findByText('Your request has been sent.')).toBeTruthy();
  });

  it('names a refused recall a Recall, and an organisation without an administrator without a name', async () => {
    signedInAs('PROVIDER', ['Provider_ManageDisruption', 'Provider_ViewDashboard']);
    backend({
      '/api/me': me,
      '/api/auth/getcommunicationdetails/32/view/78': {
        allow_access: false,
        communication_id: 32,
        provider_communication_id: 78,
        type: 'Recall',
        supplier: 'Acme Medical Devices',
        provider: 'Riverside Health',
        first_name: null,
        last_name: null,
        email: null,
        request_sent: false,
      } satisfies CommunicationAccessDetails,
    });
    renderApp('/provider/recalls/view/32/78');
    const dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText(
      /^Your organization received a Recall from Acme Medical Devices, .* administrator, +\(\)\.$/,
    );
  });

  it('shows the plain denial with Ok when no access details are available', async () => {
    signedInAs('SUPPLIER', ['Supplier_ManageDisruption']);
    backend({ '/api/me': me, '/api/auth/logout': null });
    const { location, store } = renderApp('/supplier/recalls/view/5');
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText("You don't have permission to access.")).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Request Access' })).toBeNull();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(store.get(accessDeniedAtom)).toBeNull();
  });

  it('shows the new-version modal when the server reports another version', async () => {
    signedInAs('SUPPLIER', ['Supplier_ManageRecalls']);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ ok: true, m: '', d: me }), { headers: { 'x-app-version': '9.0.0' } }),
      ),
    );
    renderApp('/supplier/dashboard');
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('New version available')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('shows the not-found page for unknown paths', async () => {
    backend({});
    renderApp('/this/does/not/exist');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('shows the error modal for an ok:false answer with the server message', async () => {
    signedInAs('SUPPLIER', ['Supplier_ManageRecalls']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ ok: false, m: 'The database is not reachable.', error: { code: 'DB_UNAVAILABLE' } }, 503),
      ),
    );
    renderApp('/account');
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('The database is not reachable.')).toBeTruthy();
  });

  it('logs out from the user menu', async () => {
    signedInAs('SUPPLIER', ['Supplier_ManageRecalls']);
    const fetchMock = backend({
      '/api/me': me,
      '/api/me/organization': me.organization,
      '/api/me/sessions': [],
      '/api/me/totp': { enabled: false, confirmed_at: null, recovery_codes_left: 0, required: false },
      '/api/auth/logout': null,
    });
    const { location, store } = renderApp('/account');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(store.get(tokenAtom)).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
  });
});
