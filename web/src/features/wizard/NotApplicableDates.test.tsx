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

const draft = {
  id: 9,
  organization_id: 2,
  type: 'RECALL',
  status: 'DRAFT',
  current_step: 2,
  subtype: 'REMOVAL',
  name: 'Pump recall',
  event_id: 'R-9',
  classification: 'CLASSII',
  reason: null,
  description: '<p>Check the lots.</p>',
  disposition: null,
  lead_time: null,
  event_date: '2026-11-01',
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
      expiration_date: '2027-01-31',
      quantity: null,
      custom_fields: {},
    },
  ],
  actions: [{ id: 1, action_type: 'Acknowledge', title: 'Confirm', options: [], is_disabled: false }],
  customers_count: 0,
  locations_count: 0,
  provider_communications_count: 0,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  approved_at: null,
};

function serve() {
  signIn('SUPPLIER', ['Supplier_ManageRecalls'], { role_name: 'Recall Coordinator' });
  return fakeApi(personOf('SUPPLIER'), (call) => {
    if (call.path === '/api/supplier/communications/meta') return jsonResponse(meta);
    if (call.path === '/api/supplier/communications/9') return jsonResponse(draft);
    if (call.method === 'POST' && /\/step[012]$/.test(call.path)) return jsonResponse(draft);
    if (call.method === 'GET') return jsonResponse({ items: [], total: 0, pageNumber: 1, pageSize: 50 });
    return undefined;
  });
}

/** The date picker around a labelled date field. */
const pickerOf = (label: string) =>
  within(screen.getByRole('textbox', { name: label }).closest('[data-slot="date-picker"]') as HTMLElement);

describe("the wizard's 'Not Applicable' dates", () => {
  it('offers Not Applicable for the end date (not the event date) and saves it as no date', async () => {
    const calls = serve();
    renderApp('/supplier/recalls/edit/9?step=0');
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'End Date' });

    await user.click(pickerOf('Event Date').getByRole('button', { name: 'Open calendar' }));
    expect(await screen.findByRole('dialog', { name: 'Choose date' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Not Applicable' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(pickerOf('End Date').getByRole('button', { name: 'Open calendar' }));
    await user.click(await screen.findByRole('button', { name: 'Not Applicable' }));
    const end = screen.getByRole('textbox', { name: 'End Date' }) as HTMLInputElement;
    await waitFor(() => expect(end.value).toBe('Not Applicable'));
    // Typed into the event date, the words are no date.
    const event = screen.getByRole('textbox', { name: 'Event Date' });
    await user.clear(event);
    await user.type(event, 'Not Applicable');
    await user.tab();
    expect(event.getAttribute('aria-invalid')).toBe('true');
    await user.clear(event);
    await user.type(event, '11/01/2026');
    await user.tab();

    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/step0'))).toBe(true));
    const body = calls.find((c) => c.path.endsWith('/step0'))?.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 9, event_date: '2026-11-01', end_date: null });
  });

  it('offers Not Applicable for a product that does not expire and saves it as no expiration date', async () => {
    const calls = serve();
    renderApp('/supplier/recalls/edit/9?step=1');
    const user = userEvent.setup();
    const expiry = (await screen.findByRole('textbox', { name: 'Expiration Date' })) as HTMLInputElement;
    await user.clear(expiry);
    await user.type(expiry, 'Not Applicable');
    await user.tab();
    expect(expiry.getAttribute('aria-invalid')).toBeNull();
    expect(expiry.value).toBe('Not Applicable');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/step1'))).toBe(true));
    const body = calls.find((c) => c.path.endsWith('/step1'))?.body as { products: { expiration_date: unknown }[] };
    expect(body.products[0]?.expiration_date).toBeNull();
  });
});
