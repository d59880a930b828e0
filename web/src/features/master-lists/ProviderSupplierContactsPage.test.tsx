import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 11,
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

const contact = (id: number, supplier: [number, string], name: string, email: string, status: string) => ({
  id,
  organization_id: 7,
  supplier_organization_id: supplier[0],
  supplier_name: supplier[1],
  name,
  email,
  phone: null,
  notes: null,
  status,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
});

const rows = [
  contact(1, [2, 'Acme Medical Devices'], 'Sam Supply', 'sam@acme.demo', 'ACTIVE'),
  contact(2, [3, 'Borealis Pharma'], 'Bea Boreal', 'bea@borealis.demo', 'INACTIVE'),
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function menuOf(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(within(tableRowWith(text)).getByRole('button', { name: 'Actions' }));
  const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
  await user.keyboard('{Escape}');
  return items;
}

describe('provider supplier contacts', () => {
  it('lists contacts with their status words and row actions, and adds a contact for a picked supplier', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', ['Provider_ManageSupplierContacts'])) });
    const calls: { method: string; path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        const path = url.split('?')[0] ?? '';
        calls.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/me/organization') return jsonResponse(me.organization);
        if (path === '/api/provider/communications/supplierNameList')
          return jsonResponse([
            { id: 2, name: 'Acme Medical Devices' },
            { id: 3, name: 'Borealis Pharma' },
            { id: 4, name: 'Cobalt Surgical' },
          ]);
        if (path === '/api/provider/supplier-contacts' && method === 'GET')
          return jsonResponse({ items: rows, total: rows.length, pageNumber: 1, pageSize: 50, lastUpdated: null });
        if (path === '/api/provider/supplier-contacts' && method === 'POST')
          return jsonResponse(contact(3, [4, 'Cobalt Surgical'], 'Cody Cobalt', 'cody@cobalt.demo', 'ACTIVE'));
        return jsonResponse({});
      }),
    );
    renderApp('/provider/supplier-contacts');
    await screen.findByText('sam@acme.demo');
    for (const header of ['Supplier', 'Contact name', 'Email', 'Phone', 'Status'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    expect(within(tableRowWith('Bea Boreal')).getByText('Deactivated')).toBeTruthy();
    expect(screen.queryByText('INACTIVE')).toBeNull();
    expect(screen.getByText('Rows per page')).toBeTruthy();

    const user = userEvent.setup();
    expect(await menuOf(user, 'Sam Supply')).toEqual(['Edit', 'Inactivate']);
    expect(await menuOf(user, 'Bea Boreal')).toEqual(['Activate']);

    await user.click(screen.getByRole('button', { name: 'Add supplier contact' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Cobalt Surgical' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Contact name/ }), 'Cody Cobalt');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'cody@cobalt.demo');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/provider/supplier-contacts')?.body).toEqual({
        supplier_organization_id: 4,
        name: 'Cody Cobalt',
        email: 'cody@cobalt.demo',
        phone: null,
        notes: null,
      }),
    );
  });
});
