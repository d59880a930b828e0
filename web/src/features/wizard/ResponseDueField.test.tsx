import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';
import { daysFromToday } from './responseDue';

/** Issue 32: the wizard's "Response Due" date, prefilled from the organisation's days for the event's class. */

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
  current_step: 1,
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
  response_due_date: null,
  response_due_date_default: '2026-01-01',
  contact_name: null,
  contact_email: null,
  contact_phone: null,
  products: [],
  actions: [],
  customers_count: 0,
  locations_count: 0,
  provider_communications_count: 0,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  approved_at: null,
};

// The organisation gave Class II five days; the other classes keep the product's days.
const plans = {
  items: [
    {
      plan: 'CLASSI',
      interval_hours: 24,
      max_reminders: 5,
      due_days: 2,
      overdue_interval_hours: null,
      is_default: true,
    },
    {
      plan: 'CLASSII',
      interval_hours: 48,
      max_reminders: 3,
      due_days: 5,
      overdue_interval_hours: 12,
      is_default: false,
    },
    {
      plan: 'CLASSIII',
      interval_hours: 72,
      max_reminders: 2,
      due_days: 14,
      overdue_interval_hours: null,
      is_default: true,
    },
    {
      plan: 'ADVISORY',
      interval_hours: 72,
      max_reminders: 2,
      due_days: 14,
      overdue_interval_hours: null,
      is_default: true,
    },
  ],
};

/** A YYYY-MM-DD date as the date field shows it (MM/DD/YYYY). */
const shown = (date: string) => {
  const [y, m, d] = date.split('-');
  return `${m}/${d}/${y}`;
};

function serve(event: object = draft) {
  signIn('SUPPLIER', ['Supplier_ManageRecalls'], { role_name: 'Recall Coordinator' });
  return fakeApi(personOf('SUPPLIER'), (call) => {
    if (call.path === '/api/supplier/communications/meta') return jsonResponse(meta);
    if (call.path === '/api/supplier/reminder-plans') return jsonResponse(plans);
    if (call.path === '/api/supplier/communications/9') return jsonResponse(event);
    if (call.path === '/api/supplier/communications/step0') return jsonResponse({ ...event, ...(call.body as object) });
    if (call.method === 'GET')
      return jsonResponse({ items: [], total: 0, pageNumber: 1, pageSize: 20, lastUpdated: null });
    return undefined;
  });
}

const dueField = () => screen.getByRole('textbox', { name: 'Response Due' }) as HTMLInputElement;

async function choose(label: RegExp, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the response-due date in the wizard', () => {
  it("prefills the class's default, follows the class until the supplier picks a date, then keeps it", async () => {
    serve();
    renderApp('/supplier/recalls/new');
    await screen.findByRole('textbox', { name: 'Name' });
    // No class yet: chased as Class I (2 days).
    await waitFor(() => expect(dueField().value).toBe(shown(daysFromToday(2))));
    await choose(/^Classification/, 'Class II');
    await waitFor(() => expect(dueField().value).toBe(shown(daysFromToday(5))));
    expect(
      screen.getByText('The default for this class: 5 days after the event is sent, unless you pick a date.'),
    ).toBeTruthy();
    await choose(/^Classification/, 'Class III');
    await waitFor(() => expect(dueField().value).toBe(shown(daysFromToday(14))));

    // The supplier's own date stays whatever the class.
    const user = userEvent.setup();
    await user.clear(dueField());
    await user.type(dueField(), '12/24/2026');
    await user.tab();
    await choose(/^Classification/, 'Class I');
    expect(dueField().value).toBe('12/24/2026');
    expect(screen.queryByText(/The default for this class/)).toBeNull();
  });

  it('saves no date while the default shows (the server counts it from the send), and the date picked', async () => {
    const calls = serve();
    renderApp('/supplier/recalls/edit/9?step=0');
    const user = userEvent.setup();
    await waitFor(() => expect(dueField().value).toBe(shown(daysFromToday(5))));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/step0'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/step0'))?.body).toMatchObject({ id: 9, response_due_date: null });
  });

  it("shows a saved date as the supplier's own, and sends it back", async () => {
    const calls = serve({ ...draft, response_due_date: '2026-12-31' });
    renderApp('/supplier/recalls/edit/9?step=0');
    const user = userEvent.setup();
    await waitFor(() => expect(dueField().value).toBe('12/31/2026'));
    expect(screen.queryByText(/The default for this class/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/step0'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/step0'))?.body).toMatchObject({ response_due_date: '2026-12-31' });
  });
});
