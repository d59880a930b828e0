import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';

const person = (id: number, first: string, email: string, status: string, organizations: string) => ({
  id,
  email,
  first_name: first,
  last_name: 'Person',
  full_name: `${first} Person`,
  phone: null,
  status,
  organization_names: organizations,
  membership_count: organizations.split(', ').length,
  updated_at: '2026-11-02T10:00:00Z',
});

const users = [
  person(1, 'Alice', 'alice@acme.demo', 'VERIFIED', 'Acme Medical Devices'),
  person(2, 'Leo', 'leo@lakeshore.demo', 'LOCKED', 'Lakeshore Medical Center'),
  person(3, 'Vera', 'vera@borealis.demo', 'VERIFICATION', 'Borealis Pharma'),
  person(4, 'Dora', 'dora@acme.demo', 'DEACTIVATED', 'Acme Medical Devices'),
  person(5, 'Morgan', 'multi@riverside.demo', 'VERIFIED', 'Lakeshore Medical Center, Riverside Health'),
];

const organizations = [
  { id: 11, name: 'Borealis Pharma', type: 'SUPPLIER', status: 'ACTIVE' },
  { id: 12, name: 'Acme Medical Devices', type: 'SUPPLIER', status: 'ACTIVE' },
];

const roles = [
  { id: 101, organization_id: 11, name: 'Administrator', status: 'ACTIVE' },
  { id: 102, organization_id: 11, name: 'Recall Coordinator', status: 'ACTIVE' },
  { id: 103, organization_id: 11, name: 'Old Role', status: 'INACTIVE' },
].map((r) => ({
  ...r,
  organization_name: 'Borealis Pharma',
  organization_type: 'SUPPLIER',
  description: null,
  is_system: false,
  permissions: [],
}));

function backend() {
  return fakeApi(personOf('NOTISPHERE'), ({ method, path, query }) => {
    if (method === 'GET' && path === '/api/notisphere/users/csv-download')
      return new Response('First Name\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="Users Report.csv"' },
      });
    if (method === 'GET' && path === '/api/notisphere/users')
      return jsonResponse({ items: users, total: users.length, pageNumber: 1, pageSize: 50, lastUpdated: null });
    if (method === 'GET' && path === '/api/notisphere/users/organizations') {
      const search = (query.get('search') ?? '').toLowerCase();
      return jsonResponse(organizations.filter((o) => o.name.toLowerCase().includes(search)));
    }
    if (method === 'GET' && path === '/api/notisphere/roles')
      return jsonResponse({ items: roles, total: roles.length, pageNumber: 1, pageSize: 500, lastUpdated: null });
    if (method === 'GET' && path === '/api/notisphere/users/5')
      return jsonResponse({
        ...users[4],
        memberships: [
          {
            id: 51,
            organization_id: 21,
            organization_name: 'Lakeshore Medical Center',
            organization_type: 'PROVIDER',
            organization_status: 'ACTIVE',
            role_id: 201,
            role_name: 'Responder',
            role_status: 'ACTIVE',
            status: 'ACTIVE',
          },
          {
            id: 52,
            organization_id: 22,
            organization_name: 'Riverside Health',
            organization_type: 'PROVIDER',
            organization_status: 'ACTIVE',
            role_id: 202,
            role_name: 'Recall Coordinator',
            role_status: 'ACTIVE',
            status: 'INACTIVE',
          },
        ],
      });
    if (method === 'PUT' && path.startsWith('/api/notisphere/users/'))
      return jsonResponse({ id: Number(path.split('/')[4]), status: 'VERIFIED' });
    if (method === 'POST' && path === '/api/notisphere/users') return jsonResponse({ ...users[2], memberships: [] });
    if (method === 'POST' && /^\/api\/users\/\d+\/end-sessions$/.test(path)) return jsonResponse({ ended: 2 });
    return undefined;
  });
}

function signInAsOperator() {
  signIn('NOTISPHERE', ['Notisphere_ManageUsers', 'Notisphere_ManageRoles']);
}

async function menuOf(user: ReturnType<typeof userEvent.setup>, ...texts: string[]) {
  await user.click(within(tableRowWith(...texts)).getByRole('button', { name: 'Actions' }));
  const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
  await user.keyboard('{Escape}');
  return items;
}

describe('operator users', () => {
  it("lists every tenant's users with their organisations and the row actions their status allows", async () => {
    signInAsOperator();
    const calls = backend();
    renderApp('/notisphere/users');
    await screen.findByText('alice@acme.demo');
    for (const header of ['First name', 'Last name', 'Email', 'Organizations', 'Status'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    expect(
      within(tableRowWith('multi@riverside.demo')).getByText('Lakeshore Medical Center, Riverside Health'),
    ).toBeTruthy();
    expect(within(tableRowWith('vera@borealis.demo')).getByText('Verification Email Sent')).toBeTruthy();
    expect(within(tableRowWith('leo@lakeshore.demo')).getByText('Locked')).toBeTruthy();
    // The operator's grid offers 50, 100, 250 and 500 rows.
    expect(screen.getByText('Rows per page')).toBeTruthy();

    const user = userEvent.setup();
    expect(await menuOf(user, 'alice@acme.demo')).toEqual(['Edit', 'Inactivate', 'Memberships', 'End all sessions']);
    expect(await menuOf(user, 'leo@lakeshore.demo')).toEqual([
      'Edit',
      'Inactivate',
      'Memberships',
      'Unlock',
      'End all sessions',
    ]);
    expect(await menuOf(user, 'vera@borealis.demo')).toEqual([
      'Edit',
      'Inactivate',
      'Memberships',
      'Resend verification email',
      'End all sessions',
    ]);
    expect(await menuOf(user, 'dora@acme.demo')).toEqual(['Activate', 'Memberships']);

    await user.click(within(tableRowWith('leo@lakeshore.demo')).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unlock' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/notisphere/users/2/unlock')).toBe(true),
    );
    await user.click(within(tableRowWith('vera@borealis.demo')).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend verification email' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/notisphere/users/3/resend-verification')).toBe(
        true,
      ),
    );

    await user.click(within(tableRowWith('dora@acme.demo')).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Activate' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/notisphere/users/4/activate')).toBe(true),
    );
  });

  it("ends all of a user's sessions only after asking", async () => {
    signInAsOperator();
    const calls = backend();
    renderApp('/notisphere/users');
    await screen.findByText('alice@acme.demo');
    const user = userEvent.setup();
    const ended = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/users/1/end-sessions');
    await user.click(within(tableRowWith('alice@acme.demo')).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/signed out on all their devices/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(ended()).toHaveLength(0);
    await user.click(within(tableRowWith('alice@acme.demo')).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'End all sessions' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'End all sessions' }));
    await waitFor(() => expect(ended()).toHaveLength(1));
    expect(await screen.findByText('Sessions ended: 2')).toBeTruthy();
  });

  it("downloads what the screen lists: the search goes with the file's query", async () => {
    signInAsOperator();
    const calls = backend();
    renderApp('/notisphere/users');
    await screen.findByText('alice@acme.demo');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox'), ' acme ');
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/notisphere/users' && c.query.get('search') === 'acme')).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/notisphere/users/csv-download')).toBe(true));
    const download = calls.find((c) => c.path === '/api/notisphere/users/csv-download')!;
    expect(download.query.get('search')).toBe('acme');
    expect(download.query.get('pageSize')).toBeNull();
  });

  it("shows a person's memberships: organisation, type, role and status", async () => {
    signInAsOperator();
    backend();
    renderApp('/notisphere/users');
    await screen.findByText('multi@riverside.demo');
    const user = userEvent.setup();
    await user.click(within(tableRowWith('multi@riverside.demo')).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Memberships' }));
    const dialog = await screen.findByRole('dialog');
    const table = await within(dialog).findByTestId('memberships');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent))).toEqual([
      ['Lakeshore Medical Center', 'Provider', 'Responder', 'Active'],
      ['Riverside Health', 'Provider', 'Recall Coordinator', 'Deactivated'],
    ]);
  });

  it('invites into a picked organisation, offering only that organisation’s active roles', async () => {
    signInAsOperator();
    const calls = backend();
    renderApp('/notisphere/users');
    await screen.findByText('alice@acme.demo');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const form = await screen.findByTestId('record-form');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getAllByText('Field required').length).toBeGreaterThanOrEqual(2);

    await user.type(within(form).getByRole('combobox', { name: /Organization/ }), 'Bor');
    await user.click(await screen.findByRole('option', { name: 'Borealis Pharma (Supplier)' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/notisphere/roles' && c.query.get('organizationId') === '11')).toBe(
        true,
      ),
    );
    const role = within(form).getByRole('combobox', { name: /Role/ });
    await waitFor(() => expect(role.hasAttribute('disabled')).toBe(false));
    await user.click(role);
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered).toEqual(['Administrator', 'Recall Coordinator']);
    await user.click(screen.getByRole('option', { name: 'Recall Coordinator' }));

    await user.type(within(form).getByLabelText(/First name/), 'Vera');
    await user.type(within(form).getByLabelText(/Last name/), 'Invited');
    await user.type(within(form).getByLabelText(/Email/), 'vera@borealis.demo');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/notisphere/users',
      body: {
        organization_id: 11,
        role_id: 102,
        first_name: 'Vera',
        last_name: 'Invited',
        email: 'vera@borealis.demo',
        phone: null,
      },
    });
  });
});
