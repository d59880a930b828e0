import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { type ApiCall, fakeApi, personOf, signIn } from '../../test/backend';

/** Issue 33 item 6: the supplier's delegates, follow-up tasks, removals and products after approval on the view. */

const recall = {
  id: 7,
  organization_id: 2,
  type: 'RECALL',
  status: 'OPEN',
  current_step: 3,
  subtype: 'REMOVAL',
  name: 'Infusion pumps',
  event_id: 'E-7',
  classification: 'CLASSI',
  reason: null,
  description: null,
  disposition: null,
  lead_time: null,
  event_date: null,
  end_date: null,
  contact_name: null,
  contact_email: null,
  contact_phone: null,
  custom_content: false,
  products: [{ id: 1, product_name: 'VoluFlow pump', catalog_number: null, lot_number: 'L-1', udi: null }],
  actions: [{ id: 31, action_type: 'YesNo', title: 'Quarantined?', options: [], is_required: true }],
  customers_count: 2,
  locations_count: 2,
  provider_communications_count: 1,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  approved_at: '2026-11-20T10:00:00Z',
};

const customer = (id: number, name: string, extra: object) => ({
  id,
  name,
  emails: [`c${id}@clinic.test`],
  source: 'PROVIDER',
  provider_organization_id: id + 100,
  provider_communication_id: id + 200,
  sent_at: '2026-11-20T11:00:00Z',
  acknowledged_at: null,
  response_status: 'NOTCOMPLETED',
  completed_at: null,
  due_date: null,
  overdue: false,
  not_affected_reason: null,
  ...extra,
});
const riverside = customer(1, 'Riverside Health', {});
const late = customer(2, 'Late Clinic', { provider_communication_id: null, sent_at: null, response_status: null });
const page = (items: object[]) => ({ items, total: items.length, pageNumber: 1, pageSize: 50, lastUpdated: null });

const delegates = [
  {
    id: 11,
    provider_communication_id: 201,
    customer_name: 'Riverside Health',
    action_id: 31,
    action_title: 'Quarantined?',
    email: 'rep@acme.demo',
    message: null,
    status: 'ACTIVE',
    response_status: 'NA',
    created_at: '2026-11-21T10:00:00Z',
    last_sent_at: '2026-11-21T10:00:00Z',
  },
  {
    id: 12,
    provider_communication_id: 201,
    customer_name: 'Riverside Health',
    action_id: null,
    action_title: null,
    email: 'old@acme.demo',
    message: null,
    status: 'REVOKED',
    response_status: 'NA',
    created_at: '2026-11-20T10:00:00Z',
    last_sent_at: '2026-11-20T10:00:00Z',
  },
];

const task = (id: number, title: string, extra: object = {}) => ({
  id,
  organization_id: 2,
  communication_id: 7,
  provider_communication_id: null,
  title,
  description: null,
  assignee_email: null,
  due_date: null,
  status: 'OPEN',
  created_by: 40,
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  ...extra,
});

const locations = [
  {
    id: 71,
    location_id: 'ACME-0001',
    location_name: 'Riverside Main Receiving',
    idn: null,
    address1: null,
    address2: null,
    city: 'Sacramento',
    state: 'CA',
    zip: '95814',
    type: null,
    email: null,
    status: 'COVERED',
    file_id: null,
    affected_customer_id: 1,
    customer_name: 'Riverside Health',
    provider_communication_id: 201,
    acknowledged_at: null,
    response_status: 'NOTCOMPLETED',
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function backend(event: object = recall): ApiCall[] {
  signIn('SUPPLIER', ['Supplier_ManageRecalls']);
  const base = '/api/supplier/communications/7';
  return fakeApi(personOf('SUPPLIER'), (call) => {
    if (call.method !== 'GET') return jsonResponse({});
    if (call.path === base) return jsonResponse(event);
    if (call.path === `${base}/customers`) return jsonResponse(page([riverside, late]));
    if (call.path === `${base}/delegates`) return jsonResponse(delegates);
    if (call.path === `${base}/internalaction`)
      return jsonResponse([
        task(21, 'Call Riverside', { provider_communication_id: 201, assignee_email: 'rick@acme.demo' }),
        task(22, 'File the FDA report', { status: 'COMPLETED' }),
      ]);
    if (call.path === `${base}/locations`) return jsonResponse(page(locations));
    // Everything else the view page loads (documents, history, quick links …) is simply empty here.
    return jsonResponse([]);
  });
}

const sent = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === `/api/supplier/communications${path}`);

async function confirmDialog(user: ReturnType<typeof userEvent.setup>, button: string) {
  const dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: button }));
}

describe("the supplier's delegates tab", () => {
  it('lists the delegates in words, adds one for a notified customer and revokes one after asking', async () => {
    const calls = backend();
    renderApp('/supplier/recalls/view/7?tab=delegates');
    const panel = await screen.findByTestId('supplier-delegates');
    const rows = await within(panel).findAllByTestId('supplier-delegate');
    expect(rows[0]!.textContent).toContain('rep@acme.demo');
    expect(rows[0]!.textContent).toContain('Quarantined?');
    expect(within(rows[0]!).getByText('Active')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('The whole event');
    expect(within(rows[1]!).getByText('Revoked')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(panel.textContent).not.toContain('REVOKED');

    const user = userEvent.setup();
    const form = within(panel).getByRole('form', { name: 'Add delegate' });
    await user.click(within(form).getByRole('button', { name: 'Delegate' }));
    // Nothing is sent while the customer and email are missing.
    expect(within(form).getAllByRole('alert').length).toBe(2);
    expect(sent(calls, 'POST', '/7/delegate')).toHaveLength(0);
    await user.click(within(form).getByRole('combobox', { name: /Customer/ }));
    // Only notified customers can be delegated: the one without a notice is not offered.
    expect(screen.queryByRole('option', { name: 'Late Clinic' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Riverside Health' }));
    await user.click(within(form).getByRole('combobox', { name: 'What to delegate' }));
    await user.click(screen.getByRole('option', { name: 'Quarantined?' }));
    await user.type(within(form).getByRole('textbox', { name: /Email/ }), 'buyer@riverside.test');
    await user.click(within(form).getByRole('button', { name: 'Delegate' }));
    await waitFor(() => expect(sent(calls, 'POST', '/7/delegate')).toHaveLength(1));
    expect(sent(calls, 'POST', '/7/delegate')[0]!.body).toEqual({
      provider_communication_id: 201,
      email: 'buyer@riverside.test',
      action_id: 31,
    });

    await user.click(within(rows[0]!).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Revoke the delegation to rep@acme.demo?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent(calls, 'POST', '/7/delegates/11/revoke')).toHaveLength(0);
    await user.click(within(rows[0]!).getByRole('button', { name: 'Revoke' }));
    await confirmDialog(user, 'Revoke');
    await waitFor(() => expect(sent(calls, 'POST', '/7/delegates/11/revoke')).toHaveLength(1));
  });

  it('is not offered on a draft, which has no notices yet', async () => {
    backend({ ...recall, status: 'DRAFT', approved_at: null });
    renderApp('/supplier/recalls/view/7');
    await screen.findByRole('tab', { name: 'Follow-up Tasks' });
    expect(screen.queryByRole('tab', { name: 'Delegates' })).toBeNull();
  });
});

describe("the supplier's follow-up tasks", () => {
  it('lists tasks with their status in words, adds one, completes one and deletes one after asking', async () => {
    const calls = backend();
    renderApp('/supplier/recalls/view/7?tab=follow-up');
    const panel = await screen.findByTestId('follow-up-tasks');
    const rows = await within(panel).findAllByTestId('follow-up-task');
    expect(rows[0]!.textContent).toContain('Riverside Health · rick@acme.demo');
    expect(within(rows[0]!).getByText('Open')).toBeTruthy();
    expect(within(rows[1]!).getByText('Completed')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Open again' })).toBeTruthy();

    const user = userEvent.setup();
    const form = within(panel).getByRole('form', { name: 'Add follow-up task' });
    await user.type(within(form).getByRole('textbox', { name: /Assigned to/ }), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Add task' }));
    expect(within(form).getAllByRole('alert').length).toBe(2);
    expect(sent(calls, 'POST', '/internalaction')).toHaveLength(0);
    await user.type(within(form).getByRole('textbox', { name: /Task/ }), 'Ship replacement batteries');
    await user.clear(within(form).getByRole('textbox', { name: /Assigned to/ }));
    await user.type(within(form).getByRole('textbox', { name: /Assigned to/ }), 'Sam@Acme.demo');
    await user.click(within(form).getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(sent(calls, 'POST', '/internalaction')).toHaveLength(1));
    expect(sent(calls, 'POST', '/internalaction')[0]!.body).toEqual({
      communication_id: 7,
      title: 'Ship replacement batteries',
      assignee_email: 'Sam@Acme.demo',
    });

    await user.click(within(rows[0]!).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(sent(calls, 'POST', '/internalaction')).toHaveLength(2));
    expect(sent(calls, 'POST', '/internalaction')[1]!.body).toMatchObject({
      id: 21,
      communication_id: 7,
      title: 'Call Riverside',
      provider_communication_id: 201,
      assignee_email: 'rick@acme.demo',
      status: 'COMPLETED',
    });

    await user.click(within(rows[1]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete the follow-up task "File the FDA report"?');
    expect(sent(calls, 'POST', '/internalaction')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent(calls, 'POST', '/internalaction')).toHaveLength(3));
    expect(sent(calls, 'POST', '/internalaction')[2]!.body).toMatchObject({ id: 22, status: 'DELETED' });
  });
});

describe('removing affected locations and customers', () => {
  it('removes the selected affected locations after asking', async () => {
    const calls = backend();
    renderApp('/supplier/recalls/view/7?tab=locations');
    await screen.findByText('Riverside Main Receiving');
    const user = userEvent.setup();
    const remove = screen.getByRole('button', { name: 'Remove' });
    expect(remove.hasAttribute('disabled')).toBe(true);
    await user.click(within(tableRowWith('Riverside Main Receiving')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Remove 1 affected location(s) from this event?');
    expect(sent(calls, 'PUT', '/7/remove-locations')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sent(calls, 'PUT', '/7/remove-locations')).toHaveLength(1));
    expect(sent(calls, 'PUT', '/7/remove-locations')[0]!.body).toEqual({ location_ids: [71] });
  });

  it('offers Remove only for a customer not notified yet, and asks first', async () => {
    const calls = backend();
    renderApp('/supplier/recalls/view/7?tab=customers');
    await screen.findByText('Late Clinic');
    expect(within(tableRowWith('Riverside Health')).queryByRole('button', { name: 'Remove' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(tableRowWith('Late Clinic')).getByRole('button', { name: 'Remove' }));
    await confirmDialog(user, 'Remove');
    await waitFor(() => expect(sent(calls, 'PUT', '/7/remove-locations')).toHaveLength(1));
    expect(sent(calls, 'PUT', '/7/remove-locations')[0]!.body).toEqual({ customer_ids: [2] });
  });
});

describe('adding products after approval', () => {
  it('checks the rows, asks first and posts them with postupdate', async () => {
    const calls = backend();
    renderApp('/supplier/recalls/view/7?tab=products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add products' }));
    const form = await screen.findByTestId('add-products');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getAllByRole('alert').length).toBeGreaterThan(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.type(within(form).getByRole('textbox', { name: /Product Name/ }), 'VoluFlow battery');
    await user.type(within(form).getByRole('textbox', { name: 'Lot Number' }), 'B-2');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Products cannot be removed after approval.');
    expect(sent(calls, 'POST', '/7/postupdate')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Add products' }));
    await waitFor(() => expect(sent(calls, 'POST', '/7/postupdate')).toHaveLength(1));
    expect(sent(calls, 'POST', '/7/postupdate')[0]!.body).toEqual({
      changes: {},
      products: [{ product_name: 'VoluFlow battery', lot_number: 'B-2' }],
      notify: true,
    });
  });

  it('is not offered on a closed event', async () => {
    backend({ ...recall, status: 'CLOSED' });
    renderApp('/supplier/recalls/view/7?tab=products');
    await screen.findByText('VoluFlow pump');
    expect(screen.queryByRole('button', { name: 'Add products' })).toBeNull();
  });
});
