import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { jsonResponse, renderApp } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { providerMe, providerView } from '../../test/providerView';
import { setPageToken } from '../../state/auth';

const me = providerMe;
const view = providerView;

const history = [
  {
    action: 'DELEGATED',
    actor_email: 'coordinator@riverside.demo',
    actor_name: 'Rita River',
    created_at: '2026-01-06T10:00:00.000Z',
    entity_type: 'action',
    entity_id: '5',
    facts: { email: 'nurse@riverside.demo' },
  },
  {
    action: 'NOTIFICATION_SENT',
    actor_email: 'rick@acme.demo',
    actor_name: null,
    created_at: '2026-01-05T10:00:00.000Z',
    entity_type: 'communication',
    entity_id: '31',
    facts: { count: 12 },
  },
];

function signedInServer(shown = view) {
  setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', ['Provider_ManageRecalls'])) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0];
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === '/api/provider/communications/31/provider-recall/44') return jsonResponse(shown);
      if (path === '/api/provider/communications/31/histories/44') return jsonResponse(history);
      return jsonResponse([]);
    }),
  );
}

const detail = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe('provider view: vocabulary words', () => {
  it('shows Class III and Product Advisory, not the codes', async () => {
    signedInServer();
    renderApp('/provider/recalls/view/31/44');
    expect(await screen.findByRole('heading', { name: 'Infusion pumps' })).toBeTruthy();
    expect(detail('Classification')).toBe('Class III');
    expect(detail('Subtype')).toBe('Product Advisory');
    expect(detail('Disposition')).toBe('Destroyed');
    expect(screen.queryByText('CLASSIII')).toBeNull();
    expect(screen.queryByText('PRODUCTADVISORY')).toBeNull();
  });

  it('shows the Vietnamese words in Vietnamese', async () => {
    i18n.loadAndActivate({ locale: 'vi', messages: {} });
    signedInServer();
    renderApp('/provider/recalls/view/31/44');
    expect(await screen.findByRole('heading', { name: 'Infusion pumps' })).toBeTruthy();
    expect(detail('Classification')).toBe('Loại III');
    expect(detail('Subtype')).toBe('Khuyến cáo sản phẩm');
    expect(detail('Disposition')).toBe('Đã tiêu hủy');
    // Status badges rendered without their own words are translated too (In Progress, Open).
    expect(screen.getByTestId('response-status').textContent).toBe('Đang xử lý');
    expect(screen.queryByText('In Progress')).toBeNull();
    expect(screen.getByTestId('follow-up-status').textContent).toBe('Đang mở');
  });
});

describe('provider view: history', () => {
  it('reads each entry as a sentence with who did it, not as its code', async () => {
    signedInServer();
    renderApp('/provider/recalls/view/31/44?tab=history');
    expect(await screen.findByText('Delegated to nurse@riverside.demo by Rita River')).toBeTruthy();
    expect(screen.getByText('Notification sent to 12 customers by rick@acme.demo')).toBeTruthy();
    expect(screen.queryByText('DELEGATED')).toBeNull();
  });
});

describe("provider view: the spec's link keys", () => {
  it('opens the tab a link names with tabName, as with tab', async () => {
    signedInServer();
    renderApp('/provider/recalls/view/31/44?tabName=History');
    expect(await screen.findByText('Delegated to nurse@riverside.demo by Rita River')).toBeTruthy();
  });
});

describe('provider view: who acknowledged', () => {
  it('names the person and the time, not only an address', async () => {
    signedInServer({
      ...view,
      provider_communication: {
        ...view.provider_communication,
        acknowledged_at: '2026-01-06T10:00:00.000Z',
        acknowledged_by: 'coordinator@riverside.demo',
        acknowledged_by_name: 'Rita River',
      },
    });
    renderApp('/provider/recalls/view/31/44');
    const acknowledged = await screen.findByTestId('acknowledged');
    expect(acknowledged.textContent).toMatch(
      /^Acknowledged by Rita River \(coordinator@riverside\.demo\) on 01\/06\/2026 \d{2}:\d{2}$/,
    );
  });
});

describe('provider view: the two statuses', () => {
  it("names the answers' status and the follow-up apart, and Reopen asks before it changes anything", async () => {
    signedInServer({ ...view, status_provider: 'COMPLETED' });
    const fetchMock = vi.mocked(fetch);
    renderApp('/provider/recalls/view/31/44');
    expect(await screen.findByText('Our follow-up:')).toBeTruthy();
    expect(screen.getByTestId('follow-up-status').textContent).toBe('Completed');
    expect(screen.queryByRole('button', { name: 'Mark complete' })).toBeNull();

    const changes = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/change-status/'));
    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask.textContent).toContain('It will show as open to your team again.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(changes()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reopen' }));
    await vi.waitFor(() => expect(changes()).toHaveLength(1));
    expect(JSON.parse(String(changes()[0]?.[1]?.body))).toEqual({ status: 'OPEN' });
  });
});
