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
  products: [],
  actions: [],
  customers_count: 1,
  locations_count: 0,
  provider_communications_count: 0,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  approved_at: null,
};

const page = <T,>(items: T[]) => ({ items, total: items.length, pageNumber: 1, pageSize: 500, lastUpdated: null });

function serve(own: boolean) {
  signIn('SUPPLIER', ['Supplier_ManageRecalls'], { role_name: 'Recall Coordinator' });
  return fakeApi(personOf('SUPPLIER'), (call) => {
    const path = call.path;
    if (path === '/api/supplier/communications/meta') return jsonResponse(meta);
    if (path === '/api/supplier/communications/9') return jsonResponse(draft);
    if (path === '/api/supplier/communications/9/reminders') {
      if (call.method === 'PUT') return jsonResponse({ ...(call.body as object), plan: 'CLASSII', paused: false });
      // The organisation's Class II plan is 48 h × 3; an event of its own says 6 h × 1.
      return jsonResponse({
        plan: 'CLASSII',
        interval_hours: own ? 6 : 48,
        max_reminders: own ? 1 : 3,
        paused: false,
        source: own ? 'event' : 'organization',
        next_reminder_at: null,
        reminders_sent: 0,
      });
    }
    if (path === '/api/supplier/reminder-plans')
      return jsonResponse({
        items: [
          { plan: 'CLASSI', interval_hours: 24, max_reminders: 5, is_default: true },
          { plan: 'CLASSII', interval_hours: 48, max_reminders: 3, is_default: false },
          { plan: 'CLASSIII', interval_hours: 72, max_reminders: 2, is_default: true },
          { plan: 'ADVISORY', interval_hours: 72, max_reminders: 2, is_default: true },
        ],
      });
    if (path.startsWith('/api/supplier/communications/9/approve-recall'))
      return jsonResponse({ ...draft, status: 'OPEN' });
    if (call.method === 'GET') return jsonResponse(page([]));
    return undefined;
  });
}

describe('reminder plan in the wizard', () => {
  it("prefills the organisation's plan for the event's class and saves a change on the event", async () => {
    const calls = serve(false);
    renderApp('/supplier/recalls/edit/9?step=3');
    const user = userEvent.setup();
    const plan = within(await screen.findByTestId('wizard-reminder-plan'));
    const hours = await plan.findByRole('spinbutton', { name: 'Hours between reminders' });
    expect((hours as HTMLInputElement).value).toBe('48');
    expect((plan.getByRole('spinbutton', { name: 'Maximum reminders' }) as HTMLInputElement).value).toBe('3');
    expect(plan.getByText("This is the organisation default for the event's class.")).toBeTruthy();
    // Nothing to save while it is the organisation's plan.
    expect((plan.getByRole('button', { name: 'Save reminder plan' }) as HTMLButtonElement).disabled).toBe(true);

    await user.clear(hours);
    await user.type(hours, '24');
    await user.click(plan.getByRole('button', { name: 'Save reminder plan' }));
    expect(await screen.findByText('The reminder plan has been saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT' && c.path.endsWith('/reminders'))?.body).toEqual({
      interval_hours: 24,
      max_reminders: 3,
    });
  });

  it('saves a changed plan before approving, and approves nothing while it is out of bounds', async () => {
    const calls = serve(true);
    renderApp('/supplier/recalls/edit/9?step=3');
    const user = userEvent.setup();
    const plan = within(await screen.findByTestId('wizard-reminder-plan'));
    const maximum = await plan.findByRole('spinbutton', { name: 'Maximum reminders' });
    // The event's own plan, not the organisation's.
    expect((maximum as HTMLInputElement).value).toBe('1');
    expect(plan.queryByText("This is the organisation default for the event's class.")).toBeNull();

    await user.clear(maximum);
    await user.type(maximum, '99');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await plan.findByText('Enter a whole number from 0 to 20.')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('approve-recall'))).toBe(false);

    await user.clear(maximum);
    await user.type(maximum, '2');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((c) => c.path.includes('approve-recall'))).toBe(true));
    const writes = calls
      .filter((c) => c.method === 'PUT')
      .map((c) => c.path.replace('/api/supplier/communications/9', ''));
    expect(writes).toEqual(['/reminders', '/approve-recall/RECALL/0']);
    expect(calls.find((c) => c.method === 'PUT' && c.path.endsWith('/reminders'))?.body).toEqual({
      interval_hours: 6,
      max_reminders: 2,
    });
  });
});
