import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { jsonResponse, renderApp } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { providerMe, providerView } from '../../test/providerView';
import { setPageToken } from '../../state/auth';

const me = providerMe;
const view = providerView;

const summary = {
  id: 9,
  communication_id: 31,
  provider_communication_id: 44,
  customer_name: 'Riverside',
  action_id: null,
  action_title: null,
  subject: 'Lot C-9 counts',
  status: 'OPEN',
  started_by_side: 'SUPPLIER',
  message_count: 2,
  unread: 2,
  last_message_at: '2026-01-06T10:00:00.000Z',
  created_at: '2026-01-06T09:00:00.000Z',
  closed_at: null,
};
const file = {
  id: 5,
  name: 'count.pdf',
  extension: 'pdf',
  type: 'application/pdf',
  size: 10,
  signed_url: '/api/files/a',
  signed_url_review: '/api/files/b',
};
const thread = {
  ...summary,
  unread: 0,
  messages: [
    {
      id: 1,
      side: 'SUPPLIER',
      sender_name: 'Rick Recalls',
      sender_email: 'recalls@acme.demo',
      organization_name: 'Acme Medical',
      body: 'How many units did you find?',
      created_at: '2026-01-06T09:00:00.000Z',
      files: [file],
    },
    {
      id: 2,
      side: 'SUPPLIER',
      sender_name: 'Rick Recalls',
      sender_email: 'recalls@acme.demo',
      organization_name: 'Acme Medical',
      body: 'A count sheet would help.',
      created_at: '2026-01-06T10:00:00.000Z',
      files: [],
    },
  ],
};

const posted: FormData[] = [];

function signedInServer() {
  setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', ['Provider_ManageRecalls'])) });
  posted.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0];
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === '/api/provider/communications/31/provider-recall/44') return jsonResponse(view);
      if (path === '/api/provider/communications/31/44/conversations')
        return jsonResponse({ items: [summary], unread: 2 });
      if (path === '/api/provider/communications/31/44/conversations/9') return jsonResponse(thread);
      if (path === '/api/provider/communications/31/44/conversations/9/message' && init?.method === 'POST') {
        posted.push(init.body as FormData);
        return jsonResponse({
          ...thread,
          message_count: 3,
          messages: [
            ...thread.messages,
            { ...thread.messages[1]!, id: 3, side: 'PROVIDER', sender_name: 'Rita River', body: 'Twelve units.' },
          ],
        });
      }
      return jsonResponse([]);
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe('provider view: conversations', () => {
  it('opens the linked thread, badges the unread count, previews files and sends a message', async () => {
    signedInServer();
    renderApp('/provider/recalls/view/31/44?tab=conversations&conversation=9');
    expect(await screen.findByText('How many units did you find?')).toBeTruthy();
    const tab = screen.getByRole('tab', { name: /Conversations/ });
    expect(tab.querySelector('[data-testid="unread-badge"]')?.textContent).toBe('22 unread');

    fireEvent.click(screen.getByRole('button', { name: 'count.pdf' }));
    expect(await screen.findByText('File Preview')).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    const send = screen.getByRole('button', { name: 'Send' });
    fireEvent.click(send);
    expect(await screen.findByText('Field required.')).toBeTruthy();
    expect(posted).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), { target: { value: '  Twelve units.  ' } });
    fireEvent.click(send);
    expect(await screen.findByText('Twelve units.')).toBeTruthy();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get('message')).toBe('Twelve units.');
  });
});
