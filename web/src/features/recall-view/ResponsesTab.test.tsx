import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';
import { noticeView } from '../../test/notices';

const recall = {
  id: 7,
  organization_id: 2,
  type: 'RECALL',
  status: 'OPEN',
  current_step: 3,
  name: 'Infusion pumps',
  event_id: 'E-7',
  classification: 'CLASSI',
  products: [],
  actions: [],
  customers_count: 2,
  locations_count: 0,
  provider_communications_count: 2,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  approved_at: '2026-11-20T10:00:00Z',
};

const row = (id: number, name: string, reason: string | null) => ({
  provider_communication_id: id,
  provider_organization_id: id,
  customer_name: name,
  emails: [],
  status: 'OPEN',
  response_status: reason ? 'COMPLETED' : 'NOTCOMPLETED',
  sent_at: '2026-11-20T10:00:00Z',
  last_notified_at: null,
  acknowledged_at: null,
  acknowledged_by: null,
  completed_at: null,
  reminder_count: 0,
  answered: 0,
  not_affected_reason: reason,
  not_affected_at: reason ? '2026-11-21T10:00:00Z' : null,
});

describe("the supplier's Provider Responses tab", () => {
  it('says "Not affected" with the reason, in the list and in the provider\'s response', async () => {
    signIn('SUPPLIER', ['Supplier_ManageRecalls']);
    fakeApi(personOf('SUPPLIER'), (call) => {
      if (call.path === '/api/supplier/communications/7') return jsonResponse(recall);
      if (call.path === '/api/supplier/communications/7/actions/provider')
        return jsonResponse({
          items: [row(201, 'Riverside Health', null), row(202, 'Lakeshore Clinic', 'We have none of this product')],
          total: 2,
        });
      if (call.path === '/api/supplier/communications/7/view/202')
        return jsonResponse(
          noticeView({
            provider_communication: {
              id: 202,
              customer_name: 'Lakeshore Clinic',
              response_status: 'COMPLETED',
              not_affected_reason: 'We have none of this product',
              not_affected_at: '2026-11-21T10:00:00Z',
            },
          }),
        );
      if (call.method === 'GET') return jsonResponse([]);
      return undefined;
    });
    renderApp('/supplier/recalls/view/7?tab=responses');
    const lakeshore = (await screen.findByText('Lakeshore Clinic')).closest('tr')!;
    expect(within(lakeshore).getByTestId('not-affected').textContent).toBe(
      'Not affected — We have none of this product',
    );
    const riverside = screen.getByText('Riverside Health').closest('tr')!;
    expect(within(riverside).queryByTestId('not-affected')).toBeNull();
    await userEvent.setup().click(within(lakeshore).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('not-affected')).textContent).toBe(
      'Not affected — We have none of this product',
    );
  });
});
