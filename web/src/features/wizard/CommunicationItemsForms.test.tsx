import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, jsonResponse } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';
import { providerEdit } from '../../test/providerView';

const edit = {
  ...providerEdit,
  products: [
    {
      id: 5,
      product_name: 'Pump A',
      catalog_number: 'C-1',
      lot_number: null,
      udi: null,
      description: null,
      expiration_date: '2027-03-01',
      quantity: 4,
    },
  ],
  actions: [
    { id: 8, action_type: 'Acknowledge', title: 'Confirm receipt', description: null, options: [], is_required: true },
    { id: 9, action_type: 'Checkbox', title: 'Lots on hand', description: null, options: [], is_required: false },
  ],
};

type Reply = { status: number; body: unknown };

function setup(editData: unknown = edit, replies: Record<string, Reply> = {}) {
  signIn('PROVIDER', ['Provider_ManageRecalls', 'Provider_ManageDisruption']);
  const writes: { url: string; method: string; body: unknown }[] = [];
  fakeApi(personOf('PROVIDER'), ({ method, path, body }) => {
    if (method !== 'GET') writes.push({ url: path, method, body });
    const reply = replies[path];
    if (reply) return jsonResponse(reply.body, reply.status);
    if (path === '/api/provider/communications/supplierNameList') return jsonResponse([]);
    if (path === '/api/provider/communications/provider-edit/31') return jsonResponse(editData);
    if (path.startsWith('/api/provider/communications/31/update-recall/44/')) return jsonResponse(editData);
    return undefined;
  });
  return writes;
}

async function openTab(name: 'Products' | 'Actions') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name }));
  return { user, form: screen.getByTestId(name === 'Products' ? 'event-products-form' : 'event-actions-form') };
}

describe('provider event products and actions', () => {
  it('validates the product rows, then replaces the products through update-recall step 1', async () => {
    const writes = setup();
    renderApp('/provider/recalls/edit/31');
    const { user, form } = await openTab('Products');
    const first = within(form).getByTestId('event-product-0');
    await user.clear(within(first).getByLabelText(/^Product Name/));
    await user.click(within(form).getByRole('button', { name: 'Add product' }));
    const second = within(form).getByTestId('event-product-1');
    await user.type(within(second).getByLabelText(/^Quantity/), '2.5');
    await user.click(within(form).getByRole('button', { name: 'Save products' }));
    expect(within(form).getAllByText('Field required')).toHaveLength(2);
    expect(within(form).getByText('Only numeric values are accepted.')).toBeTruthy();
    expect(writes).toHaveLength(0);

    await user.type(within(first).getByLabelText(/^Product Name/), 'Pump A (rev 2)');
    await user.type(within(second).getByLabelText(/^Product Name/), '  Tubing set ');
    await user.type(within(second).getByLabelText(/^Lot Number/), 'L-77');
    await user.clear(within(second).getByLabelText(/^Quantity/));
    await user.type(within(second).getByLabelText(/^Quantity/), '12');
    await user.click(within(form).getByRole('button', { name: 'Save products' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      url: '/api/provider/communications/31/update-recall/44/1',
      method: 'PUT',
      body: {
        products: [
          {
            product_name: 'Pump A (rev 2)',
            catalog_number: 'C-1',
            lot_number: null,
            udi: null,
            description: null,
            expiration_date: '2027-03-01',
            quantity: 4,
          },
          {
            product_name: 'Tubing set',
            catalog_number: null,
            lot_number: 'L-77',
            udi: null,
            description: null,
            expiration_date: null,
            quantity: 12,
          },
        ],
      },
    });
    expect(await screen.findByText('Saved successfully.')).toBeTruthy();
  });

  it('validates the actions, then replaces them in their new order through update-recall step 2', async () => {
    const writes = setup();
    renderApp('/provider/recalls/edit/31');
    const { user, form } = await openTab('Actions');
    const checkbox = within(form).getByTestId('event-action-1');
    await user.click(within(form).getByRole('button', { name: 'Add action' }));
    await user.click(within(form).getByRole('button', { name: 'Save actions' }));
    expect(within(form).getByText('Give distinct, non-empty options.')).toBeTruthy();
    expect(within(within(form).getByTestId('event-action-2')).getByText('Field required')).toBeTruthy();
    expect(writes).toHaveLength(0);

    await user.type(within(checkbox).getByLabelText(/^Options/), 'L1{enter}L2');
    await user.click(within(checkbox).getByRole('button', { name: 'Move up' }));
    const added = within(form).getByTestId('event-action-2');
    await user.type(within(added).getByLabelText(/^Title/), ' Quantity removed ');
    await user.click(within(added).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Save actions' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      url: '/api/provider/communications/31/update-recall/44/2',
      method: 'PUT',
      body: {
        actions: [
          {
            action_type: 'Checkbox',
            title: 'Lots on hand',
            description: null,
            options: ['L1', 'L2'],
            is_required: false,
          },
          { action_type: 'Acknowledge', title: 'Confirm receipt', description: null, options: [], is_required: true },
          { action_type: 'Acknowledge', title: 'Quantity removed', description: null, options: [], is_required: false },
        ],
      },
    });
    expect(await screen.findByText('Saved successfully.')).toBeTruthy();
  });

  it('shows the server message when the actions cannot be replaced', async () => {
    const message = 'The actions have answers already and can no longer be replaced.';
    setup(edit, {
      '/api/provider/communications/31/update-recall/44/2': {
        status: 409,
        body: { ok: false, m: message, error: { code: 'ACTIONS_ANSWERED' } },
      },
    });
    renderApp('/provider/recalls/edit/31');
    const { user, form } = await openTab('Actions');
    await user.click(within(within(form).getByTestId('event-action-1')).getByRole('button', { name: 'Remove action' }));
    await user.click(within(form).getByRole('button', { name: 'Save actions' }));
    expect((await within(form).findByTestId('event-actions-alert')).textContent).toBe(message);
    expect(screen.queryByText('Saved successfully.')).toBeNull();
  });

  it('keeps the products and actions of a completed event read-only', async () => {
    const writes = setup({ ...edit, status_provider: 'COMPLETED', editable: false });
    renderApp('/provider/recalls/edit/31');
    let { form } = await openTab('Products');
    expect((within(form).getByRole('button', { name: 'Save products' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(form).getByRole('button', { name: 'Add product' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(form).getByLabelText(/^Product Name/) as HTMLInputElement).disabled).toBe(true);
    ({ form } = await openTab('Actions'));
    expect((within(form).getByRole('button', { name: 'Save actions' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(form).getAllByLabelText(/^Title/)[0] as HTMLInputElement).disabled).toBe(true);
    expect(writes).toHaveLength(0);
  });
});
