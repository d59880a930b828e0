import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn, type ApiCall } from '../../test/backend';
import { providerView } from '../../test/providerView';

/** Recall 31 as Riverside's notice 44: due 12/03/2026, 3 days left. */
const view = {
  ...providerView,
  communication: { ...providerView.communication, response_due_date: '2026-12-03', days_left: 3 },
  provider_communication: {
    ...providerView.provider_communication,
    due_date: '2026-12-03',
    days_left: 3,
    overdue: false,
  },
};

const site = {
  id: 44,
  site_id: null,
  site_name: null,
  acknowledged_at: null,
  acknowledged_by: null,
  response_status: 'NOTCOMPLETED',
  not_affected_reason: null as string | null,
  due_date: '2026-12-03',
  days_left: 3,
  overdue: false,
  owner_id: null as number | null,
  owner_name: null as string | null,
};

const delegates = [
  {
    id: 9,
    email: 'nurse@riverside.demo',
    action_id: null,
    action_title: null,
    status: 'ACTIVE',
    response_status: 'NOTCOMPLETED',
    created_at: '2026-11-21T10:00:00Z',
    last_sent_at: '2026-11-21T10:00:00Z',
  },
  {
    id: 10,
    email: 'old@riverside.demo',
    action_id: null,
    action_title: null,
    status: 'REVOKED',
    response_status: 'NOTCOMPLETED',
    created_at: '2026-11-20T10:00:00Z',
    last_sent_at: null,
  },
];

/** The notice, its per-site row (owner, not-affected answer) and delegates; writes change them. */
function noticeApi() {
  const state = { site: { ...site }, delegates: delegates.map((d) => ({ ...d })) };
  const calls = fakeApi(personOf('PROVIDER'), (call: ApiCall) => {
    const { path, method } = call;
    if (path === '/api/provider/communications/31/provider-recall/44') return jsonResponse(view);
    if (path === '/api/provider/communications/by-recall/31/sites') return jsonResponse([state.site]);
    if (path === '/api/provider/communications/owner-candidates') {
      return jsonResponse([
        { id: 5, name: 'Olga Owner', email: 'olga@riverside.demo', organization_name: 'Riverside Health' },
        { id: 6, name: 'Nick North', email: 'nick@riverside.demo', organization_name: 'Riverside North' },
      ]);
    }
    if (method === 'PUT' && path === '/api/provider/communications/44/owner') {
      const userId = (call.body as { userId: number | null }).userId;
      state.site.owner_id = userId;
      state.site.owner_name = userId === 5 ? 'Olga Owner' : userId === 6 ? 'Nick North' : null;
      return jsonResponse({ id: 44, owner_id: userId, owner_name: state.site.owner_name });
    }
    if (method === 'POST' && path === '/api/provider/communications/44/not-affected') {
      state.site.not_affected_reason = (call.body as { reason: string }).reason;
      state.site.response_status = 'COMPLETED';
      return jsonResponse({ id: 44 });
    }
    if (path === '/api/provider/communications/31/delegate/44') return jsonResponse(state.delegates);
    if (method === 'POST' && path === '/api/provider/communications/31/revoke-delegate/44/9') {
      state.delegates[0]!.status = 'REVOKED';
      return jsonResponse({ id: 9, status: 'REVOKED' });
    }
    if (method === 'GET') return jsonResponse([]);
    return undefined;
  });
  return { calls, state };
}

describe('provider view: owner, due date, not affected', () => {
  it('shows the owner and the due date with the days left, and assigns then hands the notice on', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    const { calls } = noticeApi();
    const user = userEvent.setup();
    renderApp('/provider/recalls/view/31/44');
    const work = await screen.findByTestId('notice-work');
    await waitFor(() => expect(within(work).getByTestId('notice-owner').textContent).toContain('Owner: No owner'));
    // The due date and the days left are among the recall's dates.
    expect(screen.getByText('Response due').nextElementSibling?.textContent).toBe('12/03/2026·3 days left');

    await user.click(within(work).getByRole('button', { name: 'Assign…' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Assign this notice' })).toBeTruthy();
    // Only the people who may manage recalls are offered.
    expect(calls.find((c) => c.path === '/api/provider/communications/owner-candidates')?.query.get('type')).toBe(
      'RECALL',
    );
    await user.click(within(dialog).getByRole('combobox', { name: /Owner/ }));
    await user.click(await screen.findByRole('option', { name: 'Olga Owner (Riverside Health)' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Please check the pumps on ward 3.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Olga Owner now owns this notice.')).toBeTruthy();
    const owners = () => calls.filter((c) => c.method === 'PUT' && c.path === '/api/provider/communications/44/owner');
    expect(owners().map((c) => c.body)).toEqual([{ userId: 5, message: 'Please check the pumps on ward 3.' }]);
    await waitFor(() => expect(screen.getByTestId('notice-owner').textContent).toContain('Owner: Olga Owner'));

    // With an owner, the action hands it on, and may leave it with nobody.
    await user.click(screen.getByRole('button', { name: 'Hand on…' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Hand on this notice' })).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /Owner/ }));
    await user.click(await screen.findByRole('option', { name: 'No owner' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This notice has no owner now.')).toBeTruthy();
    expect(owners().at(-1)?.body).toEqual({ userId: null });
  });

  it('answers "not affected" after asking for the reason, then shows the answer', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    const { calls } = noticeApi();
    const user = userEvent.setup();
    renderApp('/provider/recalls/view/31/44');
    await user.click(await screen.findByRole('button', { name: 'Not affected…' }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ }) as HTMLTextAreaElement;
    expect(reason.value).toBe('We have none of this product');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path.endsWith('/not-affected'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Not affected…' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Answered: not affected.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/provider/communications/44/not-affected').map((c) => c.body)).toEqual([
      { reason: 'We have none of this product' },
    ]);
    expect((await screen.findByTestId('not-affected-answer')).textContent).toBe(
      'Not affected: We have none of this product',
    );
    expect(screen.queryByRole('button', { name: 'Not affected…' })).toBeNull();
  });
});

describe('provider view: revoking a delegate', () => {
  it('asks first, revokes the active delegation and shows it revoked', async () => {
    signIn('PROVIDER', ['Provider_ManageRecalls']);
    const { calls } = noticeApi();
    const user = userEvent.setup();
    renderApp('/provider/recalls/view/31/44?tab=delegates');
    const items = await screen.findAllByTestId('delegate');
    expect(items).toHaveLength(2);
    // Only the active one can be revoked; the revoked one says so.
    expect(within(items[1]!).getByText('Revoked')).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: 'Revoke' })).toBeNull();

    const revokes = () => calls.filter((c) => c.path.includes('/revoke-delegate/'));
    await user.click(within(items[0]!).getByRole('button', { name: 'Revoke' }));
    let ask = await screen.findByRole('alertdialog');
    expect(
      within(ask).getByText('Revoke the delegation to nurse@riverside.demo? Their link stops working at once.'),
    ).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(revokes()).toHaveLength(0);

    await user.click(within(items[0]!).getByRole('button', { name: 'Revoke' }));
    ask = await screen.findByRole('alertdialog');
    await user.click(within(ask).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The delegation to nurse@riverside.demo has been revoked.')).toBeTruthy();
    expect(revokes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/provider/communications/31/revoke-delegate/44/9',
    ]);
    await waitFor(() => expect(within(screen.getAllByTestId('delegate')[0]!).getByText('Revoked')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });
});
