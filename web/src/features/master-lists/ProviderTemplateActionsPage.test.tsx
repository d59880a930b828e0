import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

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

const action = {
  id: 5,
  sort_order: 0,
  title: 'Count the stock',
  action_type: 'Checkbox',
  options: ['Shelf', 'Store'],
  description: null,
  is_required: true,
  status: 'ACTIVE',
  communication_type: 'RECALL',
};

function backend() {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path = '', query = ''] = url.split('?');
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path,
        query: new URLSearchParams(query),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/provider/template-actions' && method === 'GET')
        return jsonResponse({ items: [action], total: 1, pageNumber: 1, pageSize: 50, lastUpdated: null });
      if (path === '/api/provider/template-actions/5' && method === 'PUT') return jsonResponse(action);
      return jsonResponse([]);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('provider template actions', () => {
  it('switches between recall and advisory actions and refuses repeated options before saving', async () => {
    setPageToken({
      access_token: makeJwt(claimsFor('PROVIDER', ['Provider_ManageRecalls', 'Provider_ManageDisruption'])),
    });
    const calls = backend();
    renderApp('/provider/template-actions');
    await screen.findByText('Count the stock');
    const row = tableRowWith('Count the stock');
    const lists = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/provider/template-actions');
    expect(lists()[0]!.query.get('communicationType')).toBe('RECALL');

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = await screen.findByTestId('record-form');
    const options = within(form).getByDisplayValue(/Shelf/);
    await user.clear(options);
    await user.type(options, 'Shelf{enter}Shelf');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Give distinct, non-empty options.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(options);
    await user.type(options, ' Shelf {enter}{enter}Bin');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      title: 'Count the stock',
      action_type: 'Checkbox',
      options: ['Shelf', 'Bin'],
      description: null,
      is_required: true,
    });

    await user.click(screen.getByRole('button', { name: 'Supply Advisories' }));
    await waitFor(() => expect(lists().at(-1)!.query.get('communicationType')).toBe('PRODUCT DISRUPTION'));
  });
});
