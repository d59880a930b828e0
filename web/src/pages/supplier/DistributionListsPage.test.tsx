import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';

const me = {
  id: 40,
  email: 'admin@acme.demo',
  first_name: 'Ada',
  last_name: 'Acme',
  full_name: 'Ada Acme',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: { id: 2, name: 'Acme Medical Devices', type: 'SUPPLIER', profile_photo: null, isSSO: false },
};

const lists = [
  {
    id: 3,
    communication_type: 'RECALL',
    name: 'Pharmacies',
    description: 'Every pharmacy we ship to',
    member_count: 12,
    status: 'ACTIVE',
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('supplier distribution lists', () => {
  it('lists recall lists with their member count and adds one of the recall type', async () => {
    localStorage.setItem(
      'user-token',
      JSON.stringify({ access_token: makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls'])), refresh_token: 'r1' }),
    );
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        const path = url.split('?')[0] ?? '';
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/me/organization') return jsonResponse(me.organization);
        if (path === '/api/supplier/distribution-lists' && method === 'GET')
          return jsonResponse({ items: lists, total: 1, pageNumber: 1, pageSize: 25, lastUpdated: null });
        if (path === '/api/supplier/distribution-lists' && method === 'POST')
          return jsonResponse({ ...lists[0], id: 4 });
        return jsonResponse({});
      }),
    );
    renderApp('/supplier/recall-distribution-list');
    await screen.findByText('Pharmacies');
    expect(within(tableRowWith('Pharmacies')).getByText('12')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('communicationType=RECALL'))).toBe(true);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add distribution list' }));
    const form = await screen.findByTestId('record-form');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Field required')).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Clinics');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      communication_type: 'RECALL',
      name: 'Clinics',
      description: null,
    });
  });
});
