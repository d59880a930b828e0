import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';

const role = (
  id: number,
  organization: string,
  type: string,
  name: string,
  permissions: string[],
  status = 'ACTIVE',
) => ({
  id,
  organization_id: id * 10,
  organization_name: organization,
  organization_type: type,
  name,
  description: null,
  status,
  is_system: name === 'Administrator',
  permissions,
  updated_at: '2026-11-02T10:00:00Z',
});

const roles = [
  role(1, 'Acme Medical Devices', 'SUPPLIER', 'Administrator', ['Supplier_ManageUsers']),
  role(2, 'Riverside Health', 'PROVIDER', 'Site Clerk', ['Provider_ManageLocations']),
  role(3, 'Borealis Pharma', 'SUPPLIER', 'Old Desk', [], 'INACTIVE'),
];

const catalogues = {
  NOTISPHERE: ['Notisphere_ManageUsers', 'Notisphere_ManageRoles'],
  SUPPLIER: ['Supplier_ManageUsers', 'Supplier_ManageLocations'],
  PROVIDER: ['Provider_ManageLocations', 'Provider_ViewFAQs'],
};

const organizations = [
  { id: 21, name: 'Riverside Health', type: 'PROVIDER', status: 'ACTIVE' },
  { id: 22, name: 'Acme Medical Devices', type: 'SUPPLIER', status: 'ACTIVE' },
];

function backend() {
  return fakeApi(personOf('NOTISPHERE'), ({ method, path, query }) => {
    if (method === 'GET' && path === '/api/notisphere/roles/permissions') return jsonResponse(catalogues);
    if (method === 'GET' && path === '/api/notisphere/roles')
      return jsonResponse({ items: roles, total: roles.length, pageNumber: 1, pageSize: 50, lastUpdated: null });
    if (method === 'GET' && path === '/api/notisphere/users/organizations') {
      const search = (query.get('search') ?? '').toLowerCase();
      return jsonResponse(organizations.filter((o) => o.name.toLowerCase().includes(search)));
    }
    if (method === 'POST' || method === 'PUT') return jsonResponse(roles[1]);
    return undefined;
  });
}

function signInAsOperator() {
  signIn('NOTISPHERE', ['Notisphere_ManageRoles', 'Notisphere_ManageUsers']);
}

describe('operator roles', () => {
  it("lists every organisation's roles, keeps one organisation's, and offers 50 to 500 rows", async () => {
    signInAsOperator();
    const calls = backend();
    renderApp('/notisphere/roles');
    await screen.findByText('Site Clerk');
    expect(within(tableRowWith('Site Clerk')).getByText('Riverside Health')).toBeTruthy();
    expect(within(tableRowWith('Site Clerk')).getByText('Provider')).toBeTruthy();
    expect(within(tableRowWith('Old Desk')).getByText('Deactivated')).toBeTruthy();

    const lists = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/notisphere/roles');
    const user = userEvent.setup();
    await user.click(within(tableRowWith('Site Clerk')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Edit', 'Inactivate']);
    await user.keyboard('{Escape}');
    await user.click(within(tableRowWith('Old Desk')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Activate']);
    await user.keyboard('{Escape}');

    const filter = within(screen.getByTestId('organization-filter'));
    await user.type(filter.getByRole('combobox', { name: 'Organization' }), 'river');
    await user.click(await screen.findByRole('option', { name: 'Riverside Health (Provider)' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/notisphere/roles' && c.query.get('organizationId') === '21')).toBe(
        true,
      ),
    );
    // The list starts again for the organisation (a fresh page 1), its filter showing it with a way back to all.
    await user.click(
      within(await screen.findByTestId('organization-filter')).getByRole('button', { name: 'All organizations' }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'All organizations' })).toBeNull());
    // Back to every organisation: the first (unfiltered) list again, which SWR may answer from its cache.
    await waitFor(() => expect(tableRowWith('Old Desk')).toBeTruthy());
    expect(lists().filter((c) => c.query.get('organizationId') === null).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['50', '100', '250', '500']);
  });

  it("creates a role with the picked organisation's catalogue, and edits one with its own type's", async () => {
    signInAsOperator();
    const calls = backend();
    renderApp('/notisphere/roles');
    await screen.findByText('Site Clerk');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add role' }));
    const form = await screen.findByTestId('record-form');
    expect(within(form).queryAllByRole('checkbox')).toHaveLength(0);
    await user.type(within(form).getByRole('combobox', { name: /Organization/ }), 'acme');
    await user.click(await screen.findByRole('option', { name: 'Acme Medical Devices (Supplier)' }));
    expect(within(form).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(form).getByText('Manage locations')).toBeTruthy();
    expect(within(form).queryByText('View FAQs')).toBeNull();
    await user.type(within(form).getByLabelText(/Name/), 'Locations Desk');
    await user.click(within(form).getByText('Manage locations'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/notisphere/roles',
      body: {
        organization_id: 22,
        name: 'Locations Desk',
        description: null,
        permissions: ['Supplier_ManageLocations'],
      },
    });

    await user.click(within(tableRowWith('Site Clerk')).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const edit = await screen.findByTestId('record-form');
    expect(within(edit).queryByRole('combobox', { name: /Organization/ })).toBeNull();
    expect(within(edit).getByText('View FAQs')).toBeTruthy();
    await user.click(within(edit).getByText('View FAQs'));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/notisphere/roles/2',
      body: { name: 'Site Clerk', description: null, permissions: ['Provider_ManageLocations', 'Provider_ViewFAQs'] },
    });
  });
});
