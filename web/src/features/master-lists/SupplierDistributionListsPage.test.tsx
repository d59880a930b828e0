import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';

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

describe('supplier distribution lists', () => {
  it('lists recall lists with their member count and adds one of the recall type', async () => {
    signIn('SUPPLIER', ['Supplier_ManageRecalls']);
    const calls = fakeApi(personOf('SUPPLIER'), ({ method, path }) => {
      if (path === '/api/supplier/distribution-lists' && method === 'GET')
        return jsonResponse({ items: lists, total: 1, pageNumber: 1, pageSize: 25, lastUpdated: null });
      if (path === '/api/supplier/distribution-lists' && method === 'POST') return jsonResponse({ ...lists[0], id: 4 });
      return jsonResponse({});
    });
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
