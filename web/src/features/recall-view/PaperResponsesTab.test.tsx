import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 42,
  email: 'recalls@acme.demo',
  first_name: 'Rick',
  last_name: 'Recalls',
  full_name: 'Rick Recalls',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Recall Coordinator',
  organization: { id: 2, name: 'Acme Medical Devices', type: 'SUPPLIER', profile_photo: null, isSSO: false },
};

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
  customers_count: 1,
  locations_count: 0,
  provider_communications_count: 1,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  approved_at: '2026-11-20T10:00:00Z',
});

const row = {
  id: 5,
  provider_communication_id: 31,
  customer_name: 'Riverside Health',
  provider_name: 'Riverside Health',
  affected_location_id: null,
  location_name: null,
  responder_name: 'Dr. Paper',
  response_date: '2026-11-21',
  notified_date: '2026-11-20',
  document_name: null,
  response_status: 'NOTCOMPLETED',
  answers: 1,
};

const actions = {
  paper_response: {
    id: 5,
    communication_id: 9,
    provider_communication_id: 31,
    affected_location_id: null,
    responder_name: 'Dr. Paper',
    response_date: '2026-11-21',
    notified_date: '2026-11-20',
    document: null,
  },
  actions: [
    {
      id: 71,
      sort_order: 0,
      action_type: 'Numeric',
      title: 'Units found',
      description: null,
      options: [],
      is_required: true,
      is_disabled: false,
      value: { valueNumeric: '3' },
      electronic_answer: null,
      files: [],
    },
    {
      id: 72,
      sort_order: 1,
      action_type: 'YesNo',
      title: 'Stock left?',
      description: null,
      options: [],
      is_required: true,
      is_disabled: false,
      value: null,
      electronic_answer: {
        value: { valueYesNo: 'No' },
        responder_email: 'admin@riverside.demo',
        submitted_at: '2026-11-21T10:00:00Z',
      },
      files: [],
    },
  ],
};

function serve(status: string, paperActions: typeof actions = actions) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0] ?? '';
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body });
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/supplier/communications/9') return jsonResponse(recall(status));
      if (path === '/api/supplier/communications/paper/9/list')
        return jsonResponse({ items: [row], total: 1, pageNumber: 1, pageSize: 50, lastUpdated: null });
      if (path === '/api/supplier/communications/paper/5/getactions') return jsonResponse(paperActions);
      if (path === '/api/supplier/communications/paper/5/delete')
        return jsonResponse({ response_status: 'NOTCOMPLETED' });
      if (path === '/api/supplier/communications/paper/update') return jsonResponse(actions.paper_response);
      if (path === '/api/supplier/communications/paper/supplieractions') return jsonResponse(paperActions);
      // Everything else the view page loads (documents, history, quick links …) is simply empty here.
      return jsonResponse([]);
    }),
  );
  return calls;
}

function signIn() {
  setPageToken({
    access_token: makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls'], { role_name: 'Recall Coordinator' })),
  });
}

describe('paper responses tab of the view page', () => {
  it('lists paper responses, edits one (the electronic answer stays read-only) and deletes one after confirming', async () => {
    signIn();
    const calls = serve('OPEN');
    renderApp('/supplier/recalls/view/9');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Paper Responses' }));
    expect(await screen.findByText('Dr. Paper')).toBeTruthy();

    const tab = screen.getByTestId('paper-responses-tab');
    await user.click(within(tab).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('paper-response-form');
    const responder = await within(form).findByDisplayValue('Dr. Paper');
    expect(within(form).getByDisplayValue('3')).toBeTruthy();
    expect(within(form).getByText('Answered electronically; a paper response cannot change it.')).toBeTruthy();
    await user.clear(responder);
    await user.type(responder, 'Nurse Kind');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/supplier/communications/paper/supplieractions')).toBe(true),
    );
    const update = calls.find((c) => c.path === '/api/supplier/communications/paper/update')!.body as FormData;
    expect([update.get('id'), update.get('responderName'), update.get('providerCommunicationId')]).toEqual([
      '5',
      'Nurse Kind',
      '31',
    ]);
    const answers = calls.find((c) => c.path === '/api/supplier/communications/paper/supplieractions')!
      .body as FormData;
    // Only the paper action is sent; the electronically answered one is left alone.
    expect(JSON.parse(String(answers.get('actions')))).toEqual([{ actionId: 71, valueNumeric: '3' }]);

    await user.click(await within(screen.getByTestId('paper-responses-tab')).findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/supplier/communications/paper/5/delete')).toBe(true));
  });

  it('imports a filled template: a rejected file lists its bad rows, an accepted one refreshes the list', async () => {
    signIn();
    const calls = serve('OPEN');
    const fetchMock = vi.mocked(fetch);
    const serveRest = fetchMock.getMockImplementation()!;
    let attempt = 0;
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).startsWith('/api/supplier/communications/9/paper-response-import')) {
        calls.push({ method: 'POST', path: '/api/supplier/communications/9/paper-response-import', body: init?.body });
        attempt += 1;
        if (attempt === 1) {
          return new Response(
            JSON.stringify({
              ok: false,
              m: 'The file was not imported: row 3: Units found: enter digits only.',
              d: null,
              error: { code: 'IMPORT_ROWS_INVALID', details: [{ row: 3, message: 'Units found: enter digits only.' }] },
            }),
            { status: 422, headers: { 'content-type': 'application/json' } },
          );
        }
        return jsonResponse({ created: 2, paper_response_ids: [6, 7] });
      }
      return serveRest(url as string, init);
    });
    renderApp('/supplier/recalls/view/9');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Paper Responses' }));
    await screen.findByText('Dr. Paper');
    const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'filled.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });

    await user.upload(screen.getByLabelText('Filled Paper Response Template'), file);
    expect(await screen.findByText('Row 3: Units found: enter digits only.')).toBeTruthy();
    const sent = calls.find((c) => c.path.endsWith('/paper-response-import'))!.body as FormData;
    expect((sent.get('file') as File).name).toBe('filled.xlsx');

    const listsBefore = calls.filter((c) => c.path === '/api/supplier/communications/paper/9/list').length;
    await user.upload(screen.getByLabelText('Filled Paper Response Template'), file);
    await waitFor(() => expect(screen.queryByTestId('paper-import-problems')).toBeNull());
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/supplier/communications/paper/9/list').length).toBeGreaterThan(
        listsBefore,
      ),
    );
  });

  it("keys in a per-unit action with one input per row of the customer's own; a row answered on line stays read-only", async () => {
    const unit = (row_id: number, lot: string, serial: string, value: unknown, electronic: unknown) => ({
      row_id,
      product_name: 'Pump',
      lot_number: lot,
      serial_number: serial,
      udi: null,
      quantity: 1,
      value,
      electronic_value: electronic,
    });
    const perUnit = {
      ...actions,
      actions: [
        {
          ...actions.actions[0]!,
          id: 81,
          title: 'Units quarantined',
          value: null,
          per_unit: true,
          units: [
            unit(501, 'R-1', 'SN-1', { valueNumeric: '2' }, null),
            unit(502, 'R-2', 'SN-2', null, null),
            unit(503, 'R-3', 'SN-3', null, { valueNumeric: '7' }),
          ],
        },
      ],
    } as unknown as typeof actions;
    signIn();
    const calls = serve('OPEN', perUnit);
    renderApp('/supplier/recalls/view/9');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Paper Responses' }));
    await screen.findByText('Dr. Paper');
    await user.click(within(screen.getByTestId('paper-responses-tab')).getByRole('button', { name: 'Edit' }));
    const units = await screen.findByTestId('paper-unit-action-81');
    expect(within(units).getAllByRole('textbox')).toHaveLength(3);
    expect((within(units).getByRole('textbox', { name: 'Pump SN-1' }) as HTMLInputElement).value).toBe('2');
    const online = within(units).getByRole('textbox', { name: 'Pump SN-3' }) as HTMLInputElement;
    expect([online.value, online.disabled]).toEqual(['7', true]);
    expect(within(units).getByText('Answered electronically; a paper response cannot change it.')).toBeTruthy();
    await user.type(within(units).getByRole('textbox', { name: 'Pump SN-2' }), '4');
    await user.click(within(screen.getByTestId('paper-response-form')).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/supplier/communications/paper/supplieractions')).toBe(true),
    );
    const answers = calls.find((c) => c.path === '/api/supplier/communications/paper/supplieractions')!
      .body as FormData;
    // The rows keyed in on paper; the row answered on line is left alone.
    expect(JSON.parse(String(answers.get('actions')))).toEqual([
      {
        actionId: 81,
        units: [
          { rowId: 501, valueNumeric: '2' },
          { rowId: 502, valueNumeric: '4' },
        ],
      },
    ]);
  });

  it('explains that a draft has no paper responses yet', async () => {
    signIn();
    serve('DRAFT');
    renderApp('/supplier/recalls/view/9');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Paper Responses' }));
    expect(await screen.findByText('Paper responses can be recorded once the event has been sent.')).toBeTruthy();
  });
});
