import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 42,
  email: 'admin@riverside.demo',
  first_name: 'Rita',
  last_name: 'Riverside',
  full_name: 'Rita Riverside',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: { id: 7, name: 'Riverside Health', type: 'PROVIDER', profile_photo: null, isSSO: false },
};

const row = (pcId: number, name: string, userid: number | null, responder: string | null, response_status: string) => ({
  id: pcId,
  communication_id: pcId - 13,
  row_key: `${pcId}:${userid ?? '-'}`,
  stt: 'OPEN',
  status: 'OPEN',
  status_provider: 'OPEN',
  isProviderCreated: false,
  allow_access: true,
  response_status,
  name,
  event_id: `E-${pcId}`,
  type: 'RECALL',
  supplier_name: 'Acme Medical Devices',
  userid,
  responder_name: responder,
  responder_email: responder ? `${responder.split(' ')[0]!.toLowerCase()}@riverside.demo` : null,
  responded_at: responder ? '2026-11-02T10:00:00Z' : null,
  sent_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
});

const ownDraft = row(44, 'Infusion pumps', 42, 'Rita Riverside', 'DRAFT');
const othersSubmitted = row(44, 'Infusion pumps', 7, 'Morgan Multi', 'SUBMITTED');
const ownCompleted = row(45, 'Catheters', 42, 'Rita Riverside', 'COMPLETED');
const unanswered = row(46, 'Gloves', null, null, 'NOTCOMPLETED');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The rows the server answers; DELETE of the own draft row removes it. */
function backend() {
  let rows = [ownDraft, othersSubmitted, ownCompleted, unanswered];
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      const path = url.split('?')[0];
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (method === 'DELETE' && path === '/api/provider/communications/31/44/responses/42') {
        rows = rows.filter((r) => r !== ownDraft);
        return jsonResponse({ discarded_action_ids: [5], discarded_files: 0, dismissed: false });
      }
      if (method === 'GET' && path === '/api/provider/communications') {
        return jsonResponse({ items: rows, total: rows.length, pageNumber: 1, pageSize: 50, lastUpdated: null });
      }
      if (method === 'GET') return jsonResponse({});
      return jsonResponse({ ok: false, m: `No such API path: ${method} ${path}`, error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return calls;
}

async function menuOf(...texts: string[]): Promise<string[]> {
  const user = userEvent.setup();
  await user.click(within(tableRowWith(...texts)).getByRole('button', { name: 'Actions' }));
  const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent ?? '');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryAllByRole('menuitem')).toHaveLength(0));
  return items;
}

describe('eR responses list', () => {
  it('lists one row per responder with the spec §4 response-row actions, and deletes the own draft after confirmation', async () => {
    setPageToken({
      access_token: makeJwt(claimsFor('PROVIDER', ['Provider_ResponderRole', 'Provider_ManageRecalls'], { sub: '42' })),
    });
    const calls = backend();
    const { location } = renderApp('/provider/er-response');
    await screen.findByText('Morgan Multi');
    const listCalls = () =>
      calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/provider/communications?'));
    expect(new URLSearchParams(listCalls()[0]!.url.split('?')[1]).get('responses')).toBe('1');
    expect(screen.getByRole('columnheader', { name: /Responder/ })).toBeTruthy();
    expect(within(tableRowWith('Infusion pumps', 'Rita Riverside')).getByText('Draft')).toBeTruthy();
    expect(within(tableRowWith('Infusion pumps', 'Morgan Multi')).getByText('Submitted')).toBeTruthy();

    expect(await menuOf('Infusion pumps', 'Rita Riverside')).toEqual(['Edit', 'Respond', 'View', 'Delete']);
    expect(await menuOf('Infusion pumps', 'Morgan Multi')).toEqual(['View']);
    expect(await menuOf('Catheters', 'Rita Riverside')).toEqual(['View', 'Delete']);
    expect(await menuOf('Gloves')).toEqual(['View', 'Respond']);

    const user = userEvent.setup();
    await user.click(within(tableRowWith('Infusion pumps', 'Rita Riverside')).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText('Your draft answers and the files you uploaded for them will be deleted.'),
    ).toBeTruthy();
    const before = listCalls().length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.url === '/api/provider/communications/31/44/responses/42'),
      ).toBe(true),
    );
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(() => tableRowWith('Infusion pumps', 'Rita Riverside')).toThrow();
    expect(tableRowWith('Infusion pumps', 'Morgan Multi')).toBeTruthy();

    await user.click(within(tableRowWith('Gloves')).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Respond' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/provider/recalls/view/33/46?tab=actions'));
  });
});
