import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { fakeApi, personOf, signIn, type ApiCall } from '../../test/backend';

const recall = (status: string) => ({
  id: 9,
  organization_id: 2,
  type: 'RECALL',
  status,
  current_step: 3,
  subtype: null,
  name: 'Pump recall',
  event_id: 'R-9',
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
  products: [],
  actions: [],
  customers_count: 2,
  locations_count: 0,
  provider_communications_count: 2,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  approved_at: '2026-11-20T10:00:00Z',
});

const opened = {
  row_key: '31:admin@riverside.demo',
  provider_communication_id: 31,
  customer_name: 'Riverside Health',
  email: 'admin@riverside.demo',
  status: 'OPENED',
  reason: null,
  attempts: 1,
  last_attempt_at: '2026-11-20T10:00:00Z',
  acknowledged_at: null,
  response_status: 'NOTCOMPLETED',
  reminders_sent: 1,
  next_reminder_at: '2026-11-22T10:00:00Z',
};
const bounced = {
  ...opened,
  row_key: '32:nobody@lakeshore.demo',
  provider_communication_id: 32,
  customer_name: 'Lakeshore Medical Center',
  email: 'nobody@lakeshore.demo',
  status: 'BOUNCED',
  reason: '550 Mailbox unavailable',
  reminders_sent: 0,
  next_reminder_at: null,
};
const totals = { SCHEDULED: 0, QUEUED: 1, SENT: 3, OPENED: 1, CLICKED: 0, BOUNCED: 2, ERROR: 0 };

const reminders = (change: Record<string, unknown> = {}) => ({
  plan: 'CLASSI',
  interval_hours: 24,
  max_reminders: 5,
  paused: false,
  source: 'organization',
  next_reminder_at: '2026-11-22T10:00:00Z',
  reminders_sent: 1,
  ...change,
});

const BASE = '/api/supplier/communications/9';

/** The view page of recall 9 in `status`, its deliveries, reminders and every write answered. */
function serve(status = 'OPEN'): ApiCall[] {
  signIn('SUPPLIER', ['Supplier_ManageRecalls'], { role_name: 'Recall Coordinator' });
  let settings = reminders();
  return fakeApi(personOf('SUPPLIER'), (call) => {
    if (call.path === BASE) return jsonResponse(recall(status));
    if (call.path === `${BASE}/deliveries`) {
      // The count of a reminder now: not acknowledged, not answered.
      if (call.query.get('pageSize') === '1') {
        expect(call.query.get('status')).toBe('NOT_ACKNOWLEDGED');
        expect(JSON.parse(call.query.get('filterModel') ?? '{}')).toEqual({
          response_status: { filterType: 'text', type: 'contains', filter: 'NOTCOMPLETED' },
        });
        return jsonResponse({ items: [opened], total: 3, totals });
      }
      const filter = call.query.get('status');
      const items = filter === 'BOUNCED' ? [bounced] : [opened, bounced];
      return jsonResponse({ items, total: items.length, totals });
    }
    if (call.path === `${BASE}/reminders`) {
      if (call.method === 'PUT') {
        const body = call.body as Record<string, unknown>;
        settings = reminders({ ...settings, ...body, source: 'interval_hours' in body ? 'event' : settings.source });
      }
      return jsonResponse(settings);
    }
    if (call.path === `${BASE}/resendmail/32`) return jsonResponse({ emails_queued: 1 });
    if (call.path === `${BASE}/remind-now`) return jsonResponse({ reminded: 3, emails: 4 });
    if (call.path === `${BASE}/send-notification/RECALL`)
      return jsonResponse({ provider_communications_created: 2, customers_notified: 2, emails_queued: 3 });
    // Everything else the view page loads (documents, history, quick links …) is simply empty here.
    if (call.method === 'GET') return jsonResponse([]);
    return undefined;
  });
}

const listCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === `${BASE}/deliveries` && c.query.get('pageSize') !== '1');

async function openTab() {
  renderApp('/supplier/recalls/view/9?tab=delivery');
  return within(await screen.findByTestId('delivery-tab'));
}

/** Confirms the open "Are you sure?" after checking its sentence. */
async function confirm(user: ReturnType<typeof userEvent.setup>, sentence: string, button = 'Confirm') {
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByText(sentence)).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: button }));
}

describe('delivery tab of the view page', () => {
  it('shows each recipient with its status in words, the reason of a bounce, and the totals per status', async () => {
    serve();
    const tab = await openTab();
    expect(await tab.findByText('admin@riverside.demo')).toBeTruthy();
    const row = tableRowWith('nobody@lakeshore.demo');
    expect(within(row).getByText('Bounced')).toBeTruthy();
    expect(within(row).getByText('550 Mailbox unavailable')).toBeTruthy();
    expect(within(tableRowWith('admin@riverside.demo')).getByText('Opened')).toBeTruthy();
    expect(tab.queryByText('BOUNCED')).toBeNull();
    const totalsFigure = within(tab.getByTestId('delivery-totals'));
    expect(totalsFigure.getByRole('button', { name: 'Sent 3' })).toBeTruthy();
    expect(totalsFigure.getByRole('button', { name: 'Bounced 2' })).toBeTruthy();
    // A status nobody is in cannot be chosen.
    expect((totalsFigure.getByRole('button', { name: 'Error 0' }) as HTMLButtonElement).disabled).toBe(true);
    expect(tab.getByTestId('reminder-summary').textContent).toContain('Every 24 hours, up to 5 reminder(s)');
    expect(tab.getByTestId('reminder-summary').textContent).toContain('(organisation default)');
  });

  it('filters by a total, by the filter buttons and by a search', async () => {
    const calls = serve();
    const tab = await openTab();
    const user = userEvent.setup();
    await tab.findByText('admin@riverside.demo');

    await user.click(within(tab.getByTestId('delivery-totals')).getByRole('button', { name: 'Bounced 2' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('status')).toBe('BOUNCED'));
    await waitFor(() => expect(tab.queryByText('admin@riverside.demo')).toBeNull());
    // The same filter shows pressed among the buttons.
    expect(tab.getByRole('button', { name: 'Bounced', pressed: true })).toBeTruthy();

    await user.click(tab.getByRole('button', { name: 'Not opened' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('status')).toBe('NOT_OPENED'));
    await user.click(tab.getByRole('button', { name: 'Not acknowledged' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('status')).toBe('NOT_ACKNOWLEDGED'));
    await user.click(tab.getByRole('button', { name: 'All' }));
    // Every recipient again (the unfiltered page may come from the cache).
    expect(await tab.findByText('admin@riverside.demo')).toBeTruthy();
    expect(tab.getByRole('button', { name: 'All', pressed: true })).toBeTruthy();

    await user.type(tab.getByRole('searchbox', { name: 'Search' }), 'lakeshore');
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('search')).toBe('lakeshore'));
  });

  it("opens from the spec's nonAck link on the non-acknowledged, and from tabName", async () => {
    const calls = serve();
    renderApp('/supplier/recalls/view/9?nonAck=true');
    const tab = within(await screen.findByTestId('delivery-tab'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('status')).toBe('NOT_ACKNOWLEDGED'));
    expect(tab.getByRole('button', { name: 'Not acknowledged', pressed: true })).toBeTruthy();
  });

  it('resends to one recipient after asking, reports it and reads the list again', async () => {
    const calls = serve();
    const tab = await openTab();
    const user = userEvent.setup();
    await tab.findByText('nobody@lakeshore.demo');
    const before = listCalls(calls).length;
    await user.click(tab.getByRole('button', { name: 'Resend to nobody@lakeshore.demo' }));
    await confirm(
      user,
      'Send the notice again to nobody@lakeshore.demo? The links sent to this address before stop working.',
      'Resend',
    );
    expect(await screen.findByText('The notice has been sent again to nobody@lakeshore.demo.')).toBeTruthy();
    const resend = calls.find((c) => c.path === `${BASE}/resendmail/32`);
    expect(resend?.method).toBe('POST');
    expect(resend?.body).toEqual({ email: 'nobody@lakeshore.demo' });
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('reminds everyone who has not answered, naming how many, and sends to the Not Covered customers', async () => {
    const calls = serve();
    const tab = await openTab();
    const user = userEvent.setup();
    await tab.findByText('admin@riverside.demo');

    await user.click(tab.getByRole('button', { name: 'Re-send to everyone who has not answered' }));
    await confirm(user, 'Send a reminder now to 3 recipient(s) who have not answered?', 'Send');
    expect(await screen.findByText('Reminder sent to 3 recipient(s) (4 email(s)).')).toBeTruthy();
    expect(calls.filter((c) => c.path === `${BASE}/remind-now` && c.method === 'POST')).toHaveLength(1);

    await user.click(tab.getByRole('button', { name: 'Send to the Not Covered customers' }));
    await confirm(
      user,
      'Send the notice to the customers whose every location is Not Covered? Customers already notified do not receive it again.',
      'Send',
    );
    expect(await screen.findByText('Notice sent to 2 customer(s).')).toBeTruthy();
    const send = calls.find((c) => c.path === `${BASE}/send-notification/RECALL`)!;
    expect(send.method).toBe('PUT');
    expect(Object.fromEntries(send.query)).toEqual({ sendType: 'new', senTypeNotCov: 'true' });
  });

  it('asks nothing of a cancelled action', async () => {
    const calls = serve();
    const tab = await openTab();
    const user = userEvent.setup();
    await tab.findByText('admin@riverside.demo');
    await user.click(tab.getByRole('button', { name: 'Re-send to everyone who has not answered' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.path === `${BASE}/remind-now`)).toBe(false);
  });

  it('pauses and resumes reminders, and changes the reminder plan', async () => {
    const calls = serve();
    const tab = await openTab();
    const user = userEvent.setup();
    await tab.findByText('admin@riverside.demo');

    await user.click(await tab.findByRole('button', { name: 'Pause reminders' }));
    await confirm(
      user,
      'Pause the reminders of this event? No reminder is sent until they are resumed.',
      'Pause reminders',
    );
    expect(await screen.findByText('Reminders paused.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT' && c.path === `${BASE}/reminders`)?.body).toEqual({ paused: true });
    expect(await tab.findByTestId('reminders-paused')).toBeTruthy();

    await user.click(await tab.findByRole('button', { name: 'Resume reminders' }));
    await confirm(
      user,
      'Resume the reminders of this event? Recipients who have not answered are reminded again as planned.',
      'Resume reminders',
    );
    expect(await screen.findByText('Reminders resumed.')).toBeTruthy();

    await user.click(tab.getByRole('button', { name: 'Edit reminder plan' }));
    const dialog = within(await screen.findByTestId('reminder-plan-dialog'));
    const hours = dialog.getByRole('spinbutton', { name: 'Hours between reminders' });
    await user.clear(hours);
    await user.type(hours, '0');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText('Enter a whole number of hours from 1 to 720.')).toBeTruthy();
    await user.clear(hours);
    await user.type(hours, '12');
    const maximum = dialog.getByRole('spinbutton', { name: 'Maximum reminders' });
    await user.clear(maximum);
    await user.type(maximum, '3');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await confirm(user, 'Send reminders every 12 hours, up to 3 time(s), for this event?');
    expect(await screen.findByText('The reminder plan has been saved.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT' && c.path === `${BASE}/reminders`).map((c) => c.body)).toEqual([
      { paused: true },
      { paused: false },
      { interval_hours: 12, max_reminders: 3 },
    ]);
    await waitFor(() =>
      expect(tab.getByTestId('reminder-summary').textContent).not.toContain('(organisation default)'),
    );
  });

  it('schedules a send for a date and time', async () => {
    const calls = serve();
    const tab = await openTab();
    const user = userEvent.setup();
    await tab.findByText('admin@riverside.demo');
    await user.click(tab.getByRole('button', { name: 'Schedule a send' }));
    const dialog = within(await screen.findByTestId('send-options'));
    const date = dialog.getByRole('textbox', { name: 'Date' });
    await user.clear(date);
    await user.type(date, '01/02/2020{Enter}');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByText('Choose a moment in the future.')).toBeTruthy();

    await user.clear(date);
    await user.type(date, '12/01/2099{Enter}');
    fireEvent.change(dialog.getByLabelText('Time'), { target: { value: '10:30' } });
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await confirm(
      user,
      'Send the notice on 12/01/2099 10:30 to every recipient who has not received it by then?',
      'Schedule',
    );
    expect(
      await screen.findByText('The notice is scheduled for 12/01/2099 10:30: 3 email(s) will go then.'),
    ).toBeTruthy();
    const send = calls.find((c) => c.path === `${BASE}/send-notification/RECALL`)!;
    expect(send.query.get('sendType')).toBe('new');
    expect(send.query.get('notificationDate')).toBe(new Date(2099, 11, 1, 10, 30).toISOString());
  });

  it('offers no actions on a closed event', async () => {
    serve('CLOSED');
    const tab = await openTab();
    await tab.findByText('admin@riverside.demo');
    expect(tab.queryByRole('button', { name: 'Re-send to everyone who has not answered' })).toBeNull();
    expect(tab.queryByRole('button', { name: /^Resend to / })).toBeNull();
  });
});

describe('send options of the view page', () => {
  it('keeps Send one click for the new recipients, and sends to everyone again with the options', async () => {
    const calls = serve();
    renderApp('/supplier/recalls/view/9');
    const user = userEvent.setup();
    const view = within(await screen.findByTestId('communication-view'));

    await user.click(await view.findByRole('button', { name: 'Send' }));
    await confirm(user, 'Send the notice to every new recipient now?');
    await waitFor(() => expect(calls.filter((c) => c.path === `${BASE}/send-notification/RECALL`)).toHaveLength(1));
    expect(Object.fromEntries(calls.find((c) => c.path === `${BASE}/send-notification/RECALL`)!.query)).toEqual({
      sendType: 'new',
    });

    await user.click(view.getByRole('button', { name: 'Send options' }));
    const dialog = within(await screen.findByTestId('send-options'));
    await user.click(dialog.getByRole('radio', { name: 'Everyone again' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Include the Not Covered customers' }));
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await confirm(
      user,
      'Send the notice now to every recipient again, including those who already received it? Customers whose every location is Not Covered are included.',
      'Send',
    );
    expect(await screen.findByText('Notifications sent: 3 email(s) queued.')).toBeTruthy();
    const sends = calls.filter((c) => c.path === `${BASE}/send-notification/RECALL`);
    expect(Object.fromEntries(sends[1]!.query)).toEqual({ sendType: 'all', senTypeNotCov: 'true' });
  });
});
