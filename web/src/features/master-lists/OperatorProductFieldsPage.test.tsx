import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const org = (type: string) => ({ id: 1, name: 'Org', type, profile_photo: null, isSSO: false });
const me = (type: string) => ({
  id: 42,
  email: 'admin@org.demo',
  first_name: 'Ada',
  last_name: 'Admin',
  full_name: 'Ada Admin',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: org(type),
});

const field = (id: number, name: string, field_type: string, options: string[], status: string) => ({
  id,
  name,
  field_type,
  options,
  is_required: id === 1,
  sort_order: id,
  status,
  organization_id: null,
  updated_at: '2026-11-20T10:00:00Z',
});
const rows = [
  field(1, 'Packaging', 'ListSingle', ['Box', 'Pouch'], 'ACTIVE'),
  field(2, 'Made on', 'Date', [], 'INACTIVE'),
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function backend(type: string, base: string) {
  const calls: { method: string; url: string; body?: BodyInit | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body });
      const path = url.split('?')[0];
      if (path === '/api/me') return jsonResponse(me(type));
      if (path === '/api/me/organization') return jsonResponse(org(type));
      if (method === 'GET' && path === base)
        return jsonResponse({ items: rows, total: rows.length, pageNumber: 1, pageSize: 50, lastUpdated: null });
      if (method === 'POST' && path === base) return jsonResponse(rows[0]);
      if (method === 'PUT' && path === `${base}/1/status`) return jsonResponse({ ...rows[0], status: 'INACTIVE' });
      if (method === 'GET') return jsonResponse({});
      return jsonResponse({ ok: false, m: 'No such path', error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return calls;
}

function signIn(type: 'NOTISPHERE' | 'SUPPLIER', permission: string) {
  setPageToken({ access_token: makeJwt(claimsFor(type, [permission])) });
}

describe('product fields page (ProductFieldsManager)', () => {
  it('operator: lists fields with type words, adds a list field with its options, inactivates one', async () => {
    signIn('NOTISPHERE', 'Notisphere_ManageProductFields');
    const calls = backend('NOTISPHERE', '/api/notisphere/fields');
    renderApp('/notisphere/fields');
    await screen.findByText('Packaging');
    expect(within(tableRowWith('Packaging')).getByText('List (one choice)')).toBeTruthy();
    expect(within(tableRowWith('Packaging')).getByText('Box, Pouch')).toBeTruthy();
    const user = userEvent.setup();

    await user.click(within(tableRowWith('Made on')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Activate']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Add Product Field' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Field Label is required');
    await user.type(within(dialog).getByRole('textbox', { name: 'Field Label' }), 'Colour');
    await user.click(within(dialog).getByRole('combobox', { name: 'Field Type' }));
    await user.click(await screen.findByRole('option', { name: 'List (several choices)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A list field needs at least one option.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Options (one per line)' }), 'Red{Enter} Blue {Enter}');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.body))).toEqual({
      name: 'Colour',
      field_type: 'ListMultiple',
      options: ['Red', 'Blue'],
      is_required: true,
    });

    await user.click(within(tableRowWith('Packaging')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Edit', 'Inactivate']);
    await user.click(screen.getByRole('menuitem', { name: 'Inactivate' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.url).toContain('/api/notisphere/fields/1/status');
      expect(JSON.parse(String(put?.body))).toEqual({ status: 'INACTIVE' });
    });
  });

  it("supplier: the same page manages the supplier's own fields under /supplier/fields", async () => {
    signIn('SUPPLIER', 'Supplier_ManageProductFields');
    const calls = backend('SUPPLIER', '/api/supplier/fields');
    renderApp('/supplier/fields');
    await screen.findByText('Packaging');
    expect(calls.some((c) => c.url.startsWith('/api/supplier/fields'))).toBe(true);
    expect(calls.some((c) => c.url.startsWith('/api/notisphere/fields'))).toBe(false);
  });
});
