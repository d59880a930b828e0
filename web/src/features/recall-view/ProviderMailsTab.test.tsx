import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';
import { providerView } from '../../test/providerView';

const mails = [
  {
    id: 501,
    kind: 'NOTICE_REMINDER',
    to_email: 'coordinator@riverside.demo',
    subject: 'Reminder: Infusion pumps',
    status: 'Bounce',
    attempts: 1,
    sent_at: null,
    created_at: '2026-11-22T10:00:00Z',
    opened: false,
    clicked: false,
  },
  {
    id: 500,
    kind: 'PROVIDER_NOTIFICATION',
    to_email: 'coordinator@riverside.demo',
    subject: 'Infusion pumps: you were notified',
    status: 'SENT',
    attempts: 1,
    sent_at: '2026-11-20T10:00:00Z',
    created_at: '2026-11-20T09:59:00Z',
    opened: true,
    clicked: false,
  },
];

function serve() {
  signIn('PROVIDER', ['Provider_ManageRecalls']);
  return fakeApi(personOf('PROVIDER'), (call) => {
    if (call.path === '/api/provider/communications/31/provider-recall/44') return jsonResponse(providerView);
    if (call.path === '/api/provider/communications/providerMail/31/44/all') return jsonResponse(mails);
    if (call.path === '/api/provider/communications/providerInfoMail/500')
      return jsonResponse({
        id: 500,
        kind: 'PROVIDER_NOTIFICATION',
        to_email: 'coordinator@riverside.demo',
        subject: 'Infusion pumps: you were notified',
        status: 'SENT',
        sent_at: '2026-11-20T10:00:00Z',
        created_at: '2026-11-20T09:59:00Z',
        text_body: 'Acme Medical Devices sent you a recall.',
      });
    if (call.path === '/api/provider/communications/providerMail/31/infomail/44/500/all')
      return jsonResponse([
        { id: 1, event: 'Sent', created_at: '2026-11-20T10:00:00Z' },
        { id: 2, event: 'Opened', created_at: '2026-11-20T11:00:00Z' },
      ]);
    if (call.method === 'GET') return jsonResponse([]);
    return undefined;
  });
}

describe('notification history of the provider view', () => {
  it('lists every email with its date, subject and status in words, and opens one with its tracking', async () => {
    serve();
    renderApp('/provider/recalls/view/31/44?tab=emails');
    const user = userEvent.setup();
    const tab = within(await screen.findByTestId('provider-mails'));
    const reminder = await tab.findByRole('button', { name: /Reminder: Infusion pumps/ });
    expect(within(reminder).getByText('Bounced')).toBeTruthy();
    const notified = tab.getByRole('button', { name: /you were notified/ });
    expect(within(notified).getByText('Sent')).toBeTruthy();
    expect(within(notified).getByText('Opened')).toBeTruthy();
    expect(within(notified).getByText('11/20/2026 10:00', { exact: false })).toBeTruthy();
    expect(tab.queryByText('Bounce')).toBeNull();

    await user.click(notified);
    const dialog = within(await screen.findByTestId('provider-mail'));
    expect(await dialog.findByText('Acme Medical Devices sent you a recall.')).toBeTruthy();
    expect(await dialog.findByText('Opened')).toBeTruthy();
    expect(dialog.getByRole('heading', { name: 'Infusion pumps: you were notified' })).toBeTruthy();
  });
});
