import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, renderApp } from '../../test/render';
import type { SalesRepView } from '../../api/notices';

const TOKEN = 'hcdcVQOdnZttUJz_rNxtmIc5L2PC_sFa5U2GTntAYDI';

const view: SalesRepView = {
  communication: {
    id: 4,
    type: 'PRODUCT DISRUPTION',
    subtype: 'BACKORDER',
    name: 'Saline flush backorder',
    event_id: 'SA-7',
    reason: null,
    lead_time: '2-4 weeks',
    description: '<p>Allocation until <b>December</b>.</p>',
    event_date: null,
    end_date: null,
    status: 'OPEN',
    supplier_name: 'Acme Medical',
    labels: {
      subtype: { en: 'Backorder', vi: 'Đặt hàng chờ' },
      classification: null,
      reason: null,
      disposition: null,
      lead_time: null,
    },
  },
  products: [
    {
      product_name: 'SafeFlush 10 mL',
      catalog_number: null,
      lot_number: 'L-1',
      udi: null,
      description: null,
      expiration_date: null,
      quantity: null,
    },
    {
      product_name: 'SafeFlush 5 mL',
      catalog_number: null,
      lot_number: null,
      udi: null,
      description: null,
      expiration_date: null,
      quantity: 3,
    },
  ],
  customers: [
    {
      name: 'Hill Clinic',
      sent_at: '2026-11-20T10:00:00Z',
      acknowledged_at: null,
      response_status: 'NOTCOMPLETED',
      completed_at: null,
    },
    {
      name: 'Lakeshore',
      sent_at: '2026-11-20T10:00:00Z',
      acknowledged_at: '2026-11-20T12:00:00Z',
      response_status: 'COMPLETED',
      completed_at: '2026-11-20T12:30:00Z',
    },
  ],
  email: 'sam@acme.demo',
};

function server() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return url.includes(`token=${TOKEN}`)
        ? jsonResponse(view)
        : jsonResponse({ ok: false, m: 'This link is invalid or has expired.' }, 404);
    }),
  );
  return urls;
}

describe('sales-rep disruption form', () => {
  it("shows the advisory, its products and each customer's progress, without markup from the sender", async () => {
    const urls = server();
    renderApp(`/supplier/sales-rep/disruption-webform?token=${TOKEN}`);
    expect(await screen.findByText('Saline flush backorder')).toBeTruthy();
    expect(screen.getByText('Allocation until December.')).toBeTruthy();
    expect(screen.getByText('SafeFlush 10 mL')).toBeTruthy();
    expect(screen.getByText('Hill Clinic')).toBeTruthy();
    expect(screen.getByText('Not acknowledged')).toBeTruthy();
    expect(urls.some((u) => u.includes('/api/supplier/sales-rep/disruption-notice'))).toBe(true);
  });

  it("shows an operator-added lead time by the server's words, not its code", async () => {
    const managed = {
      ...view,
      communication: {
        ...view.communication,
        lead_time: '6-8 weeks',
        labels: {
          subtype: null,
          classification: null,
          reason: null,
          disposition: null,
          lead_time: { en: 'Six to eight weeks', vi: 'Sáu đến tám tuần' },
        },
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(managed)),
    );
    renderApp(`/supplier/sales-rep/disruption-webform?token=${TOKEN}`);
    expect(await screen.findByText(/Lead time: Six to eight weeks/)).toBeTruthy();
    expect(screen.queryByText(/6-8 weeks/)).toBeNull();
  });

  it('says the link is invalid when the server refuses it, and never calls it for a malformed token', async () => {
    const urls = server();
    renderApp(`/supplier/sales-rep/disruption-webform?token=${'x'.repeat(40)}`);
    expect(await screen.findByTestId('invalid-link')).toBeTruthy();
    renderApp('/supplier/sales-rep/disruption-webform?token=bad');
    expect(urls.filter((u) => u.includes('token=bad'))).toHaveLength(0);
  });
});
