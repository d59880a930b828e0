import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import type { NoticeAction, NoticeView } from '../../api/notices';
import type { DelegateView } from '../../api/delegate';
import { NOTICE_TOKEN, noticeView } from '../../test/notices';

const unitAction: NoticeAction = {
  id: 9,
  sort_order: 0,
  action_type: 'Numeric',
  title: 'Units quarantined',
  description: null,
  options: [],
  is_required: true,
  is_disabled: false,
  per_unit: true,
  unit_answers: [{ row_id: 501, value: { valueNumeric: '2' } }],
  due_date: null,
  response: null,
  files: [],
};

/** A custom-content notice as the server answers it: only this provider's own rows. */
const notice = noticeView({
  communication: { id: 31, name: 'Infusion pumps', event_id: 'ACME-31', description: null },
  provider_communication: { id: 44, communication_id: 31 },
  products: [
    { id: 501, product_name: 'Pump', lot_number: 'R-1', serial_number: 'SN-1' },
    { id: 502, product_name: 'Pump', lot_number: 'R-2', serial_number: 'SN-2' },
  ],
  actions: [unitAction],
});

const delegated: DelegateView = {
  ...notice,
  delegate: { id: 7, email: 'counter@outside.test', whole_event: false },
  message: null,
  from: null,
};

function server(view: NoticeView) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : null });
      if (!url.includes(`token=${NOTICE_TOKEN}`))
        return jsonResponse({ ok: false, m: 'This link is invalid or has expired.' }, 404);
      if (method === 'GET') return jsonResponse(view);
      return jsonResponse({ response_status: 'COMPLETED', answered: 2, rows: 2 });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Fills the second row and saves; answers the PUT that went out. */
async function answerSecondRow(calls: { url: string; method: string; body: unknown }[]) {
  const unit = await screen.findByTestId('unit-action-9');
  expect(
    within(unit)
      .getAllByRole('row')
      .map((r) => r.textContent),
  ).toEqual([expect.stringContaining('Product'), expect.stringContaining('R-1'), expect.stringContaining('R-2')]);
  expect((within(unit).getByRole('textbox', { name: 'Pump SN-1' }) as HTMLInputElement).value).toBe('2');
  const user = userEvent.setup();
  await user.type(within(unit).getByRole('textbox', { name: 'Pump SN-2' }), '1');
  await user.click(within(unit).getByRole('button', { name: 'Save unit answers' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
  return calls.find((c) => c.method === 'PUT')!;
}

describe('per-unit actions on the public forms (custom content)', () => {
  it('lets the recipient of the e-mailed link answer each of its own rows', async () => {
    const calls = server(notice);
    renderApp(`/provider/recall-notice-webform?token=${NOTICE_TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Infusion pumps' })).toBeTruthy();
    const put = await answerSecondRow(calls);
    expect(put.url).toBe(`/api/provider/communication-notices/2/31/actions/9/units?token=${NOTICE_TOKEN}`);
    expect(put.body).toEqual({
      answers: [
        { rowId: 501, valueNumeric: '2' },
        { rowId: 502, valueNumeric: '1' },
      ],
    });
  }, 30_000);

  it("lets a delegate answer each of the provider's own rows, and offers no whole-action form for them", async () => {
    const calls = server(delegated);
    renderApp(`/delegate-webform?token=${NOTICE_TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Infusion pumps' })).toBeTruthy();
    expect(screen.getByText(/Delegated to counter@outside.test/)).toBeTruthy();
    const put = await answerSecondRow(calls);
    expect(put.url).toBe(`/api/delegate/update-delegate/9/units?token=${NOTICE_TOKEN}`);
    expect(put.body).toEqual({
      answers: [
        { rowId: 501, valueNumeric: '2' },
        { rowId: 502, valueNumeric: '1' },
      ],
    });
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  }, 30_000);

  it('shows the delegate a closed event read-only', async () => {
    server({ ...delegated, communication: { ...delegated.communication, status: 'CLOSED' } } as DelegateView);
    renderApp(`/delegate-webform?token=${NOTICE_TOKEN}`);
    const unit = await screen.findByTestId('unit-action-9');
    expect((within(unit).getByRole('textbox', { name: 'Pump SN-2' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(unit).queryByRole('button', { name: 'Save unit answers' })).toBeNull();
  });
});
