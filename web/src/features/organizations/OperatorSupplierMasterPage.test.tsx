import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';

const entry = (id: number, name: string, status: string, organization: [number, string] | null) => ({
  id,
  name,
  normalized_name: name.toUpperCase(),
  organization_id: organization?.[0] ?? null,
  organization_name: organization?.[1] ?? null,
  status,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
});

const rows = [
  entry(1, 'ACME MED DEVICES INC', 'LINKED', [5, 'Acme Medical Devices']),
  entry(2, 'ZENITH SURGICAL SUPPLY CO', 'PENDING', null),
  entry(3, 'OLD NAME', 'DEACTIVATED', null),
];

describe('operator supplier master', () => {
  it('lists names by status, links a pending name to a supplier and sets one aside', async () => {
    signIn('NOTISPHERE', ['Notisphere_ManageUserGuides']);
    const calls = fakeApi(personOf('NOTISPHERE'), ({ path, query }) => {
      if (path === '/api/notisphere/organizations/suppliers-list') {
        const status = query.get('status');
        const items = status ? rows.filter((r) => r.status === status) : rows;
        return jsonResponse({ items, total: items.length, pageNumber: 1, pageSize: 50, lastUpdated: null });
      }
      if (path === '/api/notisphere/organizations/supplierNameList')
        return jsonResponse([
          { id: 5, name: 'Acme Medical Devices', notisphere_id: 'SUP-0001' },
          { id: 6, name: 'Zenith Surgical', notisphere_id: 'SUP-000006' },
        ]);
      if (path.startsWith('/api/notisphere/organizations/link-suppliers/')) return jsonResponse(rows[1]);
      if (path === '/api/notisphere/organizations/update-suppliers-list') return jsonResponse(rows[1]);
      return jsonResponse({});
    });
    renderApp('/notisphere/manage-supplier-list');
    await screen.findByText('ZENITH SURGICAL SUPPLY CO');
    expect(within(tableRowWith('ACME MED DEVICES INC')).getByText('Linked')).toBeTruthy();
    expect(within(tableRowWith('ZENITH SURGICAL SUPPLY CO')).getByText('Pending')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(tableRowWith('OLD NAME')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Activate']);
    await user.keyboard('{Escape}');

    await user.click(within(tableRowWith('ZENITH SURGICAL SUPPLY CO')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual([
      'Link to supplier',
      'Inactivate',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Link to supplier' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Zenith Surgical' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/link-suppliers/2/6'))).toBe(true),
    );

    await user.click(within(tableRowWith('ZENITH SURGICAL SUPPLY CO')).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Inactivate' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('update-suppliers-list?id=2&status=DEACTIVATED'))).toBe(true),
    );

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(screen.queryByText('ACME MED DEVICES INC')).toBeNull());
    expect(calls.some((c) => c.url.includes('suppliers-list?') && c.url.includes('status=PENDING'))).toBe(true);
  });

  it('adds names: none says the field is required, a refusal shows its message, then the names go', async () => {
    signIn('NOTISPHERE', ['Notisphere_ManageUserGuides']);
    const posts: unknown[] = [];
    fakeApi(personOf('NOTISPHERE'), ({ path, body }) => {
      if (path === '/api/notisphere/organizations/suppliers-list')
        return jsonResponse({ items: rows, total: rows.length, pageNumber: 1, pageSize: 50, lastUpdated: null });
      if (path === '/api/notisphere/organizations/supplierNameList') return jsonResponse([]);
      if (path === '/api/notisphere/organizations/create-suppliers') {
        posts.push(body);
        return posts.length === 1
          ? jsonResponse({ ok: false, m: 'Try again later.', error: { code: 'UNAVAILABLE' } }, 503)
          : jsonResponse({ created: [], skipped: [] });
      }
      return jsonResponse({});
    });
    renderApp('/notisphere/manage-supplier-list');
    await screen.findByText('ZENITH SURGICAL SUPPLY CO');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add supplier names' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Field required');
    expect(posts).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox'), 'NEW NAME LLC');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Try again later.'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts.at(-1)).toEqual({ names: ['NEW NAME LLC'], organization_id: null });
  });
});
