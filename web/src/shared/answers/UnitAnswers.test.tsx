import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { providerMe, providerView } from '../../test/providerView';
import type { ProviderView } from '../../api/provider';
import { setPageToken } from '../../state/auth';

const me = providerMe;
const base = providerView;

const view: ProviderView = {
  ...base,
  products: [
    { id: 501, product_name: 'Pump', lot_number: 'R-1', serial_number: 'SN-1' },
    { id: 502, product_name: 'Pump', lot_number: 'R-2', serial_number: 'SN-2' },
  ],
  actions: [
    {
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
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('provider view: per-unit actions (custom content)', () => {
  it('offers one input per own row, prefilled, and saves them together', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', ['Provider_ManageRecalls'])) });
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const path = url.split('?')[0];
        calls.push({ method, url: path!, body: init.body ? JSON.parse(String(init.body)) : null });
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/me/organization') return jsonResponse(me.organization);
        if (path === '/api/provider/communications/31/provider-recall/44') return jsonResponse(view);
        if (method === 'PUT') return jsonResponse({ response_status: 'COMPLETED', answered: 2, rows: 2 });
        return jsonResponse([]);
      }),
    );
    renderApp('/provider/recalls/view/31/44');
    expect(await screen.findByRole('heading', { name: 'Infusion pumps' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Actions' }));
    const unit = await screen.findByTestId('unit-action-9');
    const first = within(unit).getByRole('textbox', { name: 'Pump SN-1' }) as HTMLInputElement;
    expect(first.value).toBe('2');
    await user.type(within(unit).getByRole('textbox', { name: 'Pump SN-2' }), '1');
    await user.click(within(unit).getByRole('button', { name: 'Save unit answers' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/provider/communications/31/44/actions/9/units');
    expect(put.body).toEqual({
      answers: [
        { rowId: 501, valueNumeric: '2' },
        { rowId: 502, valueNumeric: '1' },
      ],
    });
    // A per-unit action is not also offered as one answer in the form.
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});
