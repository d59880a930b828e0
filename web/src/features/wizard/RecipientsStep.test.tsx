import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';

const meta = {
  communicationTypes: [],
  recallTypes: [],
  disruptionTypes: [],
  classifications: [],
  dispositions: [],
  leadTimes: [],
  reasons: [],
  actionTypes: [],
  locationStatuses: [],
  productFields: [],
};

/** A draft whose three first steps are valid. */
const draft = {
  id: 9,
  organization_id: 2,
  type: 'RECALL',
  status: 'DRAFT',
  current_step: 3,
  subtype: 'REMOVAL',
  name: 'Pump recall',
  event_id: 'R-9',
  classification: 'CLASSII',
  reason: null,
  description: '<p>Check the lots.</p>',
  disposition: null,
  lead_time: null,
  event_date: null,
  end_date: null,
  contact_name: null,
  contact_email: null,
  contact_phone: null,
  products: [
    {
      id: 1,
      product_name: 'Pump',
      catalog_number: null,
      lot_number: null,
      udi: null,
      description: null,
      expiration_date: null,
      quantity: null,
      custom_fields: {},
    },
  ],
  actions: [{ id: 1, action_type: 'Acknowledge', title: 'Confirm', options: [], is_disabled: false }],
  customers_count: 1,
  locations_count: 0,
  provider_communications_count: 0,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  approved_at: null,
};

const page = <T,>(items: T[], total = items.length) => ({
  items,
  total,
  pageNumber: 1,
  pageSize: 500,
  lastUpdated: null,
});

const customer = (id: number, name: string, provider: number | null, notified = false) => ({
  id,
  name,
  emails: [`${name.split(' ')[0]!.toLowerCase()}@example.org`],
  source: provider ? 'PROVIDER' : 'MANUAL',
  provider_organization_id: provider,
  provider_communication_id: notified ? 50 + id : null,
  sent_at: null,
  acknowledged_at: null,
  response_status: null,
  completed_at: null,
  due_date: null,
  overdue: false,
  not_affected_reason: null,
});

const providers = [
  { id: 4, name: 'Riverside Health', city: 'Sacramento', state: 'CA' },
  { id: 7, name: 'Lakeshore Medical Center', city: 'Chicago', state: 'IL' },
];

function serve(options: { event?: object; notified?: boolean } = {}) {
  signIn('SUPPLIER', ['Supplier_ManageRecalls', 'Supplier_ManageLocations'], { role_name: 'Recall Coordinator' });
  // Riverside is a recipient already; what the wizard saves joins it.
  let customers = [
    customer(1, 'Riverside Health', 4),
    customer(2, 'Valley Clinic', null),
    ...(options.notified ? [customer(5, 'Sent Clinic', null, true)] : []),
  ];
  const calls = fakeApi(personOf('SUPPLIER'), (call) => {
    const path = call.path;
    if (path === '/api/supplier/communications/meta') return jsonResponse(meta);
    if (path === '/api/supplier/communications/9') return jsonResponse({ ...draft, ...options.event });
    if (path === '/api/supplier/communications/9/customers') return jsonResponse(page(customers));
    if (path === '/api/supplier/providers') return jsonResponse(page(providers));
    // Acme's four locations were typed in one by one; one file was imported later.
    if (path === '/api/supplier/locations') return jsonResponse(page([{ id: 1 }], 4));
    if (path === '/api/supplier/location-files') return jsonResponse(page([{ id: 3, name: 'ship-to.csv' }]));
    if (path === '/api/supplier/communications/step3' && call.method === 'POST') {
      const body = call.body as { provider_organization_ids?: number[] };
      if (body.provider_organization_ids?.includes(7))
        customers = [...customers, customer(3, 'Lakeshore Medical Center', 7)];
      return jsonResponse({ added: 1, customers_count: customers.length });
    }
    if (path === '/api/supplier/communications/9/remove-locations' && call.method === 'PUT') {
      const ids = (call.body as { customer_ids: number[] }).customer_ids;
      customers = customers.filter((c) => !ids.includes(c.id));
      return jsonResponse({ removed_customers: ids.length, removed_locations: 0 });
    }
    if (path === '/api/supplier/communications/9/reminders')
      return jsonResponse({
        plan: 'CLASSII',
        interval_hours: 48,
        max_reminders: 3,
        paused: false,
        source: 'organization',
        next_reminder_at: null,
        reminders_sent: 0,
      });
    if (path === '/api/supplier/communications/step1') return jsonResponse({ ...draft });
    if (call.method === 'GET') return jsonResponse(page([]));
    return undefined;
  });
  return calls;
}

describe('wizard step 4: recipients', () => {
  it('keeps the providers ticked after saving: those already recipients and those just added', async () => {
    const calls = serve();
    renderApp('/supplier/recalls/edit/9?step=3');
    const user = userEvent.setup();
    const riverside = await screen.findByRole('checkbox', { name: /Riverside Health/ });
    await waitFor(() => expect(riverside.getAttribute('data-state')).toBe('checked'));
    expect((riverside as HTMLButtonElement).disabled).toBe(true);
    const lakeshore = screen.getByRole('checkbox', { name: /Lakeshore Medical Center/ });
    await user.click(lakeshore);
    await user.click(screen.getByRole('button', { name: 'Save recipients' }));
    await screen.findByText('Recipients added.');
    expect(calls.find((c) => c.path.endsWith('/step3'))?.body).toEqual({ id: 9, provider_organization_ids: [7] });
    await waitFor(() => expect(screen.getByTestId('recipient-count').textContent).toBe('Recipients so far: 3'));
    // Still ticked (now as a recipient), not cleared.
    const after = screen.getByRole('checkbox', { name: /Lakeshore Medical Center/ });
    expect(after.getAttribute('data-state')).toBe('checked');
    expect((after as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers every location of the supplier and each imported file in the locations menu', async () => {
    const calls = serve();
    renderApp('/supplier/recalls/edit/9?step=3');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Locations' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['None', 'All my locations (4)', 'Location file: ship-to.csv']);
    await user.click(screen.getByRole('option', { name: 'All my locations (4)' }));
    await user.click(screen.getByRole('button', { name: 'Save recipients' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/step3'))?.body).toEqual({ id: 9, all_locations: true }),
    );
    // Only the files whose import completed are offered.
    const files = calls.find((c) => c.path === '/api/supplier/location-files');
    expect(JSON.parse(files?.query.get('filterModel') ?? '{}')).toMatchObject({ status: { filter: 'COMPLETED' } });
  });

  it('asks before removing a recipient so far, removes nothing on Cancel, and offers no Remove once notified', async () => {
    const calls = serve({ notified: true });
    renderApp('/supplier/recalls/edit/9?step=3');
    const user = userEvent.setup();
    const list = await screen.findByTestId('recipients-so-far');
    await within(list).findByText('Valley Clinic');
    // Notified already: its notice exists, so it stays.
    expect(within(list).getByText('Sent Clinic')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Remove Sent Clinic' })).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'Remove Valley Clinic' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask.textContent).toContain("Valley Clinic will be removed from this event's recipients");
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path.endsWith('/remove-locations'))).toBe(false);

    await user.click(within(list).getByRole('button', { name: 'Remove Valley Clinic' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Recipient removed.');
    expect(calls.find((c) => c.path.endsWith('/remove-locations'))?.body).toEqual({ customer_ids: [2] });
    await waitFor(() => expect(within(list).queryByText('Valley Clinic')).toBeNull());
    expect(screen.getByTestId('recipient-count').textContent).toBe('Recipients so far: 2');
  });
});

describe('wizard steps in the URL', () => {
  it('opens the step the URL names when the steps before it are valid, and the URL follows each step', async () => {
    serve();
    const { location } = renderApp('/supplier/recalls/edit/9?step=2');
    const user = userEvent.setup();
    expect(await screen.findByTestId('step-actions')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('step-products')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/supplier/recalls/edit/9?step=1');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByTestId('step-actions')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/supplier/recalls/edit/9?step=2');
  });

  it('opens the first step still to do when the URL names a later one', async () => {
    // Only the information was saved: the products are next.
    serve({ event: { current_step: 0, products: [], actions: [] } });
    const { location } = renderApp('/supplier/recalls/edit/9?step=3');
    expect(await screen.findByTestId('step-products')).toBeTruthy();
    expect(screen.queryByTestId('step-recipients')).toBeNull();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/supplier/recalls/edit/9?step=1'));
  });
});
