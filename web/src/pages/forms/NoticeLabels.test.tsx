import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, renderApp } from '../../test/render';
import type { NoticeView } from '../../api/notices';

const TOKEN = 'hcdcVQOdnZttUJz_rNxtmIc5L2PC_sFa5U2GTntAYDI';

const notice: NoticeView = {
  communication: {
    id: 3,
    type: 'RECALL',
    subtype: null,
    name: 'Gown labelling error',
    event_id: 'ACME-3',
    classification: null,
    reason: 'PORT_STRIKE',
    description: '<p>Size <b>labels</b> swapped.</p>',
    disposition: null,
    lead_time: null,
    event_date: '2026-03-10',
    end_date: null,
    contact_name: null,
    contact_email: null,
    contact_phone: null,
    status: 'OPEN',
    supplier_name: 'Acme Medical',
    organization_id: 2,
    labels: {
      subtype: null,
      classification: null,
      reason: { en: 'Port strike', vi: 'Đình công cảng' },
      disposition: null,
      lead_time: null,
    },
  },
  provider_communication: {
    id: 9,
    communication_id: 3,
    supplier_organization_id: 2,
    provider_organization_id: 4,
    affected_customer_id: 3,
    status: 'OPEN',
    response_status: 'NOTCOMPLETED',
    sent_at: '2026-01-05T10:00:00.000Z',
    acknowledged_at: null,
    acknowledged_by: null,
    completed_at: null,
    customer_name: 'Riverside',
    response_label: 'In Progress',
  },
  products: [{ id: 1, product_name: 'Gown L', lot_number: 'G-1' }],
  actions: [],
  documents: [],
  email: 'buyer@riverside.demo',
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('public notice form, lookup labels (issue 12)', () => {
  it("shows the server's words for an operator-added lookup value, never its code", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(notice)),
    );
    renderApp(`/provider/recall-notice-webform?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Gown labelling error' })).toBeTruthy();
    expect(screen.getByText('Port strike')).toBeTruthy();
    expect(screen.queryByText('PORT_STRIKE')).toBeNull();
  });
});
