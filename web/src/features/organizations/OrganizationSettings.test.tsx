import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';
import { SSO_SETTINGS, ssoNotConfigured } from '../../test/backend';

const me = {
  id: 9,
  email: 'admin@riverside.demo',
  first_name: 'Rita',
  last_name: 'Riverside',
  full_name: 'Rita Riverside',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: { id: 7, name: 'Riverside Health', type: 'PROVIDER', profile_photo: null, isSSO: false },
};

const page = <T,>(items: T[]) => ({ items, total: items.length, pageNumber: 1, pageSize: 50, lastUpdated: null });

const users = [
  {
    id: 21,
    email: 'locked@riverside.demo',
    first_name: 'Lou',
    last_name: 'Locked',
    full_name: 'Lou Locked',
    phone: null,
    status: 'LOCKED',
    membership_status: 'ACTIVE',
    role_id: 3,
    role_name: 'Responder',
    organization_id: 7,
    organization_name: 'Riverside Health',
  },
  {
    id: 22,
    email: 'gone@riverside.demo',
    first_name: 'Gail',
    last_name: 'Gone',
    full_name: 'Gail Gone',
    phone: null,
    status: 'VERIFICATION',
    membership_status: 'INACTIVE',
    role_id: 44,
    role_name: 'Responder',
    organization_id: 31,
    organization_name: 'Riverside North Campus',
  },
];

const roles = [
  { id: 3, name: 'Responder', description: null, status: 'ACTIVE', permissions: ['Provider_ResponderRole'] },
];

const sites = [
  {
    id: 31,
    name: 'Riverside North Campus',
    notisphere_id: 'NS-31',
    address1: '1 North Rd',
    address2: null,
    city: 'Northtown',
    state: 'MN',
    zip: '55401',
    phone: null,
    email: null,
    status: 'ACTIVE',
    user_count: 4,
  },
  { ...{ id: 32, name: 'Riverside Old Clinic', notisphere_id: 'NS-32' }, status: 'DEACTIVATED', user_count: 0 },
];

const profile = {
  id: 7,
  type: 'PROVIDER',
  name: 'Riverside Health',
  status: 'ACTIVE',
  notisphere_id: 'NS-7',
  address1: null,
  address2: null,
  city: null,
  state: null,
  zip: null,
  country: null,
  phone: null,
  email: null,
  domain: 'riverside.demo',
  profile_photo_url: null,
  self_registration_url: 'http://localhost/registration/riverside',
};

type Call = { method: string; path: string; body: unknown };

function backend() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0] ?? '';
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      if (path === '/api/me') return jsonResponse(me);
      if (method === 'GET' && SSO_SETTINGS.test(path ?? '')) return jsonResponse(ssoNotConfigured(7));
      if (path === '/api/users' && method === 'GET') return jsonResponse(page(users));
      if (path === '/api/roles' && method === 'GET') return jsonResponse(page(roles));
      if (path === '/api/users/organizations')
        return jsonResponse([
          { id: 7, name: 'Riverside Health', is_site: false },
          { id: 31, name: 'Riverside North Campus', is_site: true },
        ]);
      if (path === '/api/roles/permissions')
        return jsonResponse({
          organization_type: 'PROVIDER',
          permissions: ['Provider_ManageUsers', 'Provider_ManageLocations', 'Provider_ResponderRole'],
        });
      if (path === '/api/provider/sites' && method === 'GET') return jsonResponse(page(sites));
      if (path === '/api/organization/profile')
        return jsonResponse(method === 'PUT' ? { ...profile, ...body } : profile);
      return jsonResponse({ id: 1, status: 'ACTIVE' });
    }),
  );
  return calls;
}

function signIn(permissions: string[]) {
  setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', permissions)) });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('provider organisation settings', () => {
  it('lists users with worded statuses, unlocks a locked one and reactivates an inactive membership', async () => {
    signIn(['Provider_ManageUsers']);
    const calls = backend();
    renderApp('/provider/users');
    await screen.findByText('locked@riverside.demo');
    expect(screen.getByTestId('provider-users')).toBeTruthy();
    expect(screen.queryByText('LOCKED')).toBeNull();
    const user = userEvent.setup();

    await user.click(within(tableRowWith('locked@riverside.demo')).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unlock' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/users/21/unlock')).toBe(true));

    await user.click(within(tableRowWith('gone@riverside.demo')).getByRole('button', { name: 'Actions' }));
    expect(screen.queryByRole('menuitem', { name: 'Unlock' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Resend verification email' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/users/22/resend-verification')).toBe(true),
    );
    await user.click(within(tableRowWith('gone@riverside.demo')).getByRole('button', { name: 'Actions' }));
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Activate' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/users/22/activate')).toBe(true),
    );
  });

  it('invites a user with a role of the organisation', async () => {
    signIn(['Provider_ManageUsers']);
    const calls = backend();
    renderApp('/provider/users');
    await screen.findByText('locked@riverside.demo');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const form = await screen.findByTestId('record-form');
    await user.type(within(form).getByLabelText(/First name/), 'Nina');
    await user.type(within(form).getByLabelText(/Last name/), 'New');
    await user.type(within(form).getByLabelText(/Email/), 'nina@riverside.demo');
    await user.click(within(form).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Responder' }));
    // The health system is the default; a site is one pick away.
    const organization = within(form).getByRole('combobox', { name: /Organization or site/ });
    expect(organization.textContent).toContain('Riverside Health');
    await user.click(organization);
    await user.click(await screen.findByRole('option', { name: 'Riverside North Campus' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/users')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      first_name: 'Nina',
      email: 'nina@riverside.demo',
      role_id: 3,
      organization_id: 31,
    });
    expect(within(tableRowWith('gone@riverside.demo')).getByText('Riverside North Campus')).toBeTruthy();
  });

  it('offers the provider permission catalogue, in words, when adding a role', async () => {
    signIn(['Provider_ManageRoles']);
    backend();
    renderApp('/provider/roles');
    await screen.findByText('Responder');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add role' }));
    const form = await screen.findByTestId('record-form');
    for (const label of ['Manage users', 'Manage locations', 'Respond to notices (eR responses)'])
      expect(within(form).getByRole('checkbox', { name: label })).toBeTruthy();
    expect(within(form).queryByText('Provider_ManageUsers')).toBeNull();
  });

  it('lists sites with the spec row actions and adds one', async () => {
    signIn(['Provider_ManageLocations']);
    const calls = backend();
    renderApp('/provider/sites');
    await screen.findByText('Riverside North Campus');
    expect(within(tableRowWith('Riverside Old Clinic')).getByText('Deactivated')).toBeTruthy();
    const user = userEvent.setup();
    const menuOf = async (name: string) => {
      await user.click(within(tableRowWith(name)).getByRole('button', { name: 'Actions' }));
      const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      await waitFor(() => expect(screen.queryAllByRole('row').length).toBeGreaterThan(0));
      return items;
    };
    expect(await menuOf('Riverside North Campus')).toEqual(['Edit', 'Inactivate']);
    expect(await menuOf('Riverside Old Clinic')).toEqual(['Activate']);

    await user.click(screen.getByRole('button', { name: 'Add site' }));
    const form = await screen.findByTestId('record-form');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Field required')).toBeTruthy();
    await user.type(within(form).getByLabelText(/Name/), 'Riverside East');
    await user.type(within(form).getByLabelText(/City/), 'Eastville');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/provider/sites')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Riverside East',
      city: 'Eastville',
      email: null,
    });
  });

  it('shows the profile with its domain and self-registration link, and saves it', async () => {
    signIn(['Provider_ManageProfile']);
    const calls = backend();
    renderApp('/provider/organization');
    const section = await screen.findByTestId('provider-organization');
    expect(await within(section).findByDisplayValue('riverside.demo')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'http://localhost/registration/riverside' })).toBeTruthy();
    // The organisation's single sign-on is set below the profile, with a save of its own.
    expect(await within(section).findByRole('heading', { name: 'Single sign-on' })).toBeTruthy();
    const user = userEvent.setup();
    const domain = within(section).getByDisplayValue('riverside.demo');
    const profile = within(domain.closest('form')!);
    await user.clear(domain);
    await user.type(domain, 'not a domain');
    await user.click(profile.getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Invalid domain name.')).toBeTruthy();
    await user.clear(domain);
    await user.type(domain, 'riverside.org');
    await user.click(profile.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/organization/profile')?.body).toMatchObject({
        name: 'Riverside Health',
        domain: 'riverside.org',
      }),
    );
  });
});
