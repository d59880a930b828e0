import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';

const profile = {
  id: 2,
  type: 'SUPPLIER',
  name: 'Acme Medical Devices',
  status: 'ACTIVE',
  notisphere_id: 'NS-2',
  address1: null,
  address2: null,
  city: null,
  state: null,
  zip: null,
  country: null,
  phone: null,
  email: null,
  domain: 'acme.demo',
  profile_photo_url: null,
  self_registration_url: null,
};

const plans = {
  items: [
    { plan: 'CLASSI', interval_hours: 12, max_reminders: 6, due_days: 1, overdue_interval_hours: 6, is_default: false },
    {
      plan: 'CLASSII',
      interval_hours: 48,
      max_reminders: 3,
      due_days: 7,
      overdue_interval_hours: null,
      is_default: true,
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

function serve(permissions: string[]) {
  signIn('SUPPLIER', ['Supplier_ManageProfile', ...permissions]);
  return fakeApi(personOf('SUPPLIER'), (call) => {
    if (call.path === '/api/organization/profile') return jsonResponse(profile);
    if (call.path === '/api/supplier/reminder-plans') {
      if (call.method === 'PUT') {
        const { items } = call.body as { items: { plan: string }[] };
        return jsonResponse({
          items: plans.items.map((p) => ({ ...p, ...items.find((i) => i.plan === p.plan), is_default: false })),
        });
      }
      return jsonResponse(plans);
    }
    if (call.method === 'GET') return jsonResponse([]);
    return undefined;
  });
}

describe('reminder plans of the organisation settings', () => {
  it('shows the plan of each class, marks the defaults, and saves the changed plans', async () => {
    const calls = serve(['Supplier_ManageRecalls', 'Supplier_ManageDisruption']);
    renderApp('/supplier/organization');
    const user = userEvent.setup();
    const section = within(await screen.findByTestId('reminder-plans'));
    const classI = await section.findByRole('spinbutton', { name: 'Class I: hours between reminders' });
    expect((classI as HTMLInputElement).value).toBe('12');
    expect(
      (section.getByRole('spinbutton', { name: 'Supply Advisory: maximum reminders' }) as HTMLInputElement).value,
    ).toBe('2');
    expect(section.getAllByText('(default)')).toHaveLength(3);

    const classII = section.getByRole('spinbutton', { name: 'Class II: maximum reminders' });
    await user.clear(classII);
    await user.type(classII, '25');
    await user.click(section.getByRole('button', { name: 'Save reminder plans' }));
    expect(section.getByText('Enter a whole number from 0 to 20.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(classII);
    await user.type(classII, '4');
    // Issue 32: the response-due days and the interval after the due date, per class.
    const classIDays = section.getByRole('spinbutton', { name: 'Class I: response due after (days)' });
    expect((classIDays as HTMLInputElement).value).toBe('1');
    const classIOverdue = section.getByRole('spinbutton', {
      name: 'Class I: after the due date, remind every (hours)',
    });
    expect((classIOverdue as HTMLInputElement).value).toBe('6');
    const classIIDays = section.getByRole('spinbutton', { name: 'Class II: response due after (days)' });
    await user.clear(classIIDays);
    await user.type(classIIDays, '400');
    await user.click(section.getByRole('button', { name: 'Save reminder plans' }));
    expect(section.getByText('Enter a whole number of days from 0 to 365.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(classIIDays);
    await user.type(classIIDays, '5');
    await user.type(
      section.getByRole('spinbutton', { name: 'Class II: after the due date, remind every (hours)' }),
      '12',
    );
    await user.clear(classIOverdue);
    await user.click(section.getByRole('button', { name: 'Save reminder plans' }));
    expect(await screen.findByText('The reminder plans have been saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/supplier/reminder-plans')?.body).toEqual({
      items: [
        { plan: 'CLASSI', interval_hours: 12, max_reminders: 6, due_days: 1, overdue_interval_hours: null },
        { plan: 'CLASSII', interval_hours: 48, max_reminders: 4, due_days: 5, overdue_interval_hours: 12 },
        { plan: 'CLASSIII', interval_hours: 72, max_reminders: 2, due_days: 14, overdue_interval_hours: null },
        { plan: 'ADVISORY', interval_hours: 72, max_reminders: 2, due_days: 14, overdue_interval_hours: null },
      ],
    });
    await waitFor(() => expect(section.queryAllByText('(default)')).toHaveLength(0));
  });

  it('sends only the plans the person may set: the recall classes without the advisory permission', async () => {
    const calls = serve(['Supplier_ManageRecalls']);
    renderApp('/supplier/organization');
    const user = userEvent.setup();
    const section = within(await screen.findByTestId('reminder-plans'));
    const advisory = await section.findByRole('spinbutton', { name: 'Supply Advisory: hours between reminders' });
    expect((advisory as HTMLInputElement).disabled).toBe(true);
    await user.click(section.getByRole('button', { name: 'Save reminder plans' }));
    await screen.findByText('The reminder plans have been saved.');
    const body = calls.find((c) => c.method === 'PUT')?.body as { items: { plan: string }[] };
    expect(body.items.map((i) => i.plan)).toEqual(['CLASSI', 'CLASSII', 'CLASSIII']);
  });
});
