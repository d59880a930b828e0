import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 42,
  email: 'admin@operator.demo',
  first_name: 'Olga',
  last_name: 'Operator',
  full_name: 'Olga Operator',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: { id: 1, name: 'NotiSphere', type: 'NOTISPHERE', profile_photo: null, isSSO: false },
};

const value = (id: number, vocabulary: string, code: string, en: string, status: string, inUse: boolean) => ({
  id,
  vocabulary,
  code,
  label_en: en,
  label_vi: `${en} (vi)`,
  sort_order: id * 10,
  status,
  organization_id: null,
  in_use: inUse,
  updated_at: '2026-11-20T10:00:00Z',
});
const rows = [
  value(1, 'recallSubtype', 'REMOVAL', 'Removal', 'ACTIVE', true),
  value(2, 'recallSubtype', 'OLD_TYPE', 'Old type', 'INACTIVE', false),
  value(3, 'reason', 'Plant closure', 'Plant closure', 'ACTIVE', false),
];
const IN_USE = 'This value is used by existing records and cannot be deleted. Deactivate it instead.';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function backend() {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const path = url.split('?')[0];
      const query = new URLSearchParams(url.split('?')[1]);
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === '/api/lookup-values') return jsonResponse(rows);
      if (method === 'GET' && path === '/api/notisphere/lookup-values') {
        const items = rows
          .filter((r) => r.vocabulary === query.get('vocabulary'))
          .filter((r) => !query.get('status') || r.status === query.get('status'));
        return jsonResponse({ items, total: items.length, pageNumber: 1, pageSize: 50, lastUpdated: null });
      }
      if (method === 'DELETE' && path === '/api/notisphere/lookup-values/1')
        return jsonResponse({ ok: false, m: IN_USE, error: { code: 'LOOKUP_VALUE_IN_USE' } }, 409);
      if (method === 'PUT' && path === '/api/notisphere/lookup-values/1/status')
        return jsonResponse({ ...rows[0], status: 'INACTIVE' });
      if (method === 'POST' && path === '/api/notisphere/lookup-values')
        return jsonResponse(value(9, 'reason', body.code, body.label_en, 'ACTIVE', false));
      if (method === 'GET') return jsonResponse({});
      return jsonResponse({ ok: false, m: 'No such path', error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return calls;
}

function signIn() {
  setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ManageLookupValues'])) });
}

describe('operator lookup values', () => {
  it('shows one grid per list; row actions follow the status (spec: Edit and Inactivate, or Activate; no Delete)', async () => {
    signIn();
    const calls = backend();
    renderApp('/notisphere/lookup-values');
    await screen.findByText('REMOVAL');
    expect(tableRowWith('REMOVAL', 'Removal (vi)')).toBeTruthy();
    const user = userEvent.setup();

    await user.click(within(tableRowWith('OLD_TYPE')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Activate']);
    await user.keyboard('{Escape}');

    await user.click(within(tableRowWith('REMOVAL')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Edit', 'Inactivate']);
    await user.click(await screen.findByRole('menuitem', { name: 'Inactivate' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.url === '/api/notisphere/lookup-values/1/status')?.body).toEqual(
        { status: 'INACTIVE' },
      ),
    );
  });

  it('switches lists by tab and adds a value with code, both labels and order', async () => {
    signIn();
    const calls = backend();
    renderApp('/notisphere/lookup-values');
    await screen.findByText('REMOVAL');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Reasons' }));
    await screen.findByText('Plant closure (vi)');
    expect(
      calls.some((c) => c.url.startsWith('/api/notisphere/lookup-values?') && c.url.includes('vocabulary=reason')),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add Value' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Enter a code.');
    await user.type(within(dialog).getByRole('textbox', { name: /Code/ }), 'PORT_STRIKE');
    await user.type(within(dialog).getByRole('textbox', { name: /English/ }), 'Port strike');
    await user.type(within(dialog).getByRole('textbox', { name: /Vietnamese/ }), 'Đình công cảng');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Order/ }), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        vocabulary: 'reason',
        code: 'PORT_STRIKE',
        label_en: 'Port strike',
        label_vi: 'Đình công cảng',
        sort_order: 15,
      }),
    );
  });

  it("holds the grid in the chosen tab's panel, so the tab controls an element that exists (axe aria-valid-attr-value)", async () => {
    signIn();
    backend();
    renderApp('/notisphere/lookup-values');
    await screen.findByText('REMOVAL');
    const selected = screen.getByRole('tab', { selected: true });
    const controlled = document.getElementById(selected.getAttribute('aria-controls') ?? '');
    expect(controlled?.getAttribute('role')).toBe('tabpanel');
    expect(within(controlled as HTMLElement).getByText('REMOVAL')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Reasons' }));
    await screen.findByText('Plant closure (vi)');
    const reasons = screen.getByRole('tab', { selected: true });
    expect(
      within(document.getElementById(reasons.getAttribute('aria-controls') ?? '') as HTMLElement).getByText(
        'Plant closure (vi)',
      ),
    ).toBeTruthy();
  });

  it('opens a record from its first column where the row menu offers Edit, and counts items (Total 1 item, Total 2 items)', async () => {
    signIn();
    backend();
    renderApp('/notisphere/lookup-values');
    await screen.findByText('REMOVAL');
    expect(screen.getByText('Total 2 items')).toBeTruthy();
    // An inactive value is not editable: its code is plain text, not a button.
    expect(within(tableRowWith('OLD_TYPE')).queryByRole('button', { name: 'OLD_TYPE' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(tableRowWith('REMOVAL')).getByRole('button', { name: 'REMOVAL' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox', { name: /English/ }) as HTMLInputElement).value).toBe('Removal');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('tab', { name: 'Reasons' }));
    expect(await screen.findByText('Total 1 item')).toBeTruthy();
  });
});
