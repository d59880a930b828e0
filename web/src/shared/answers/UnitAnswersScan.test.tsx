import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { providerMe, providerView } from '../../test/providerView';
import type { ProviderView } from '../../api/provider';
import { setPageToken } from '../../state/auth';

/** Issue 38: a unit scanned (a keyboard wedge typing a GS1 string) answers its own row of a per-unit action. */
const view: ProviderView = {
  ...providerView,
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
      unit_answers: [],
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

describe('per-unit answers by scanning', () => {
  it('counts a scanned unit on the row of its serial, then its lot, and says when no row has it', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', ['Provider_ManageRecalls'])) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = url.split('?')[0];
        if (path === '/api/me') return jsonResponse(providerMe);
        if (path === '/api/me/organization') return jsonResponse(providerMe.organization);
        if (path === '/api/provider/communications/31/provider-recall/44') return jsonResponse(view);
        return jsonResponse([]);
      }),
    );
    renderApp('/provider/recalls/view/31/44');
    expect(await screen.findByRole('heading', { name: 'Infusion pumps' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Actions' }));
    const unit = await screen.findByTestId('unit-action-9');
    const scan = screen.getByRole('textbox', { name: 'Scan a unit for Units quarantined' });
    // The scan field is not one of the units' answers.
    expect(within(unit).getAllByRole('textbox')).toHaveLength(2);
    const second = within(unit).getByRole('textbox', { name: 'Pump SN-2' }) as HTMLInputElement;

    await user.type(scan, '(01)00643169007222(17)271231(21)SN-2{Enter}');
    await waitFor(() => expect(second.value).toBe('1'));
    expect(screen.getByTestId('unit-scan-note').textContent).toBe('Scanned: Pump SN-2.');
    // The same unit again counts two; a lot alone finds its row too.
    await user.type(scan, '(01)00643169007222(21)SN-2{Enter}');
    await waitFor(() => expect(second.value).toBe('2'));
    await user.type(scan, '(01)00643169007222(10)R-1{Enter}');
    await waitFor(() =>
      expect((within(unit).getByRole('textbox', { name: 'Pump SN-1' }) as HTMLInputElement).value).toBe('1'),
    );
    await user.type(scan, '(01)00643169007222(21)SN-9{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('unit-scan-note').textContent).toBe(
        'None of your units has the scanned lot or serial.',
      ),
    );
    expect(second.value).toBe('2');
  });
});
