import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 42,
  email: 'admin@operator.demo',
  first_name: 'Olga',
  last_name: 'Operator',
  full_name: 'Olga Operator',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Responder',
  organization: { id: 1, name: 'NotiSphere', type: 'NOTISPHERE', profile_photo: null, isSSO: false },
};

const row = (
  pcId: number,
  provider: string,
  site: string | null,
  responder: string | null,
  response_status: string,
) => ({
  id: pcId,
  communication_id: 31,
  row_key: `${pcId}:${responder ?? '-'}`,
  stt: 'OPEN',
  status: 'OPEN',
  status_provider: 'OPEN',
  isProviderCreated: false,
  allow_access: true,
  response_status,
  name: 'Infusion pumps',
  event_id: 'E-31',
  type: 'RECALL',
  supplier_name: 'Acme Medical Devices',
  provider_id: pcId,
  provider_name: provider,
  site_name: site,
  userid: responder ? 5 : null,
  responder_name: responder,
  responder_email: responder ? 'rita@riverside.demo' : null,
  responded_at: responder ? '2026-11-02T10:00:00Z' : null,
  sent_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
});

const rows = [
  row(44, 'Riverside Health', 'Riverside North Campus', 'Rita Riverside', 'SUBMITTED'),
  row(45, 'Lakeshore Medical Center', null, null, 'NOTCOMPLETED'),
];

const detail = {
  communication: {
    id: 31,
    name: 'Infusion pumps',
    type: 'RECALL',
    subtype: null,
    event_id: 'E-31',
    classification: 'CLASSI',
    status: 'OPEN',
    supplier_name: 'Acme Medical Devices',
  },
  provider_communication_id: 44,
  provider: { id: 7, name: 'Riverside Health' },
  site: { id: 8, name: 'Riverside North Campus' },
  status: 'OPEN',
  status_provider: 'OPEN',
  isProviderCreated: false,
  response_status: 'NOTCOMPLETED',
  response_label: 'In Progress',
  customer_name: 'Riverside North Campus',
  sent_at: '2026-11-01T10:00:00Z',
  acknowledged: true,
  acknowledged_at: '2026-11-01T11:00:00Z',
  acknowledged_by: 'rita@riverside.demo',
  actions: [
    {
      action_id: 1,
      action_type: 'Text',
      title: 'Count the boxes',
      is_required: true,
      status: 'SUBMITTED',
      value: { valueText: 'Pulled 3 boxes' },
      responder_email: 'rita@riverside.demo',
      submitted_at: '2026-11-02T10:00:00Z',
      updated_at: '2026-11-02T10:00:00Z',
      files: [],
    },
    {
      action_id: 2,
      action_type: 'Document',
      title: 'Upload the proof',
      is_required: false,
      status: 'SUBMITTED',
      value: { valueDocument: [9] },
      responder_email: 'rita@riverside.demo',
      submitted_at: '2026-11-02T10:00:00Z',
      updated_at: '2026-11-02T10:00:00Z',
      files: [
        {
          id: 9,
          name: 'proof.pdf',
          extension: 'pdf',
          type: 'application/pdf',
          size: 10,
          signed_url: '/api/files/signed-proof',
          signed_url_review: '/api/files/review',
        },
      ],
    },
    {
      action_id: 3,
      action_type: 'YesNo',
      title: 'Any patient harmed?',
      is_required: true,
      status: 'NA',
      value: null,
      responder_email: null,
      submitted_at: null,
      updated_at: null,
      files: [],
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function backend() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      const path = url.split('?')[0];
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (method === 'GET' && path === '/api/notisphere/communications/responses') {
        const search = new URLSearchParams(url.split('?')[1]).get('search');
        const items = search ? rows.filter((r) => r.provider_name.includes(search)) : rows;
        return jsonResponse({ items, total: items.length, pageNumber: 1, pageSize: 50, lastUpdated: null });
      }
      if (method === 'GET' && path === '/api/notisphere/communications/responses/31/44') return jsonResponse(detail);
      if (method === 'GET') return jsonResponse({});
      return jsonResponse({ ok: false, m: `No such API path: ${method} ${path}`, error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return calls;
}

describe('operator eR responses', () => {
  it("lists every provider's responses, searches the server, and shows a row's answers read-only", async () => {
    setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['NotiSphere_ResponderRole'])) });
    const calls = backend();
    renderApp('/notisphere/er-response');
    await screen.findByText('Lakeshore Medical Center');
    const listCalls = () => calls.filter((c) => c.startsWith('GET /api/notisphere/communications/responses?'));
    const first = new URLSearchParams(listCalls()[0]!.split('?')[1]);
    expect(first.get('sortField')).toBeNull();
    for (const header of ['Name', 'Type', 'Supplier', 'Provider', 'Site', 'Responder', 'Response', 'Responded']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    }
    const riverside = tableRowWith('Riverside Health', 'Rita Riverside');
    expect(within(riverside).getByText('Riverside North Campus')).toBeTruthy();
    expect(within(riverside).getByText('Submitted')).toBeTruthy();
    expect(within(riverside).getByText('Recall')).toBeTruthy();
    expect(within(tableRowWith('Lakeshore Medical Center')).getByText('In Progress')).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox'), 'Lakeshore');
    await waitFor(() => expect(screen.queryByText('Rita Riverside')).toBeNull());
    expect(new URLSearchParams(listCalls().at(-1)!.split('?')[1]).get('search')).toBe('Lakeshore');
    await user.clear(screen.getByRole('searchbox'));
    await screen.findByText('Rita Riverside');

    await user.click(
      within(tableRowWith('Riverside Health', 'Rita Riverside')).getByRole('button', { name: 'Actions' }),
    );
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['View']);
    await user.click(screen.getByRole('menuitem', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Pulled 3 boxes');
    expect(calls).toContain('GET /api/notisphere/communications/responses/31/44');
    expect(within(dialog).getByText('Riverside North Campus')).toBeTruthy();
    expect(within(dialog).getByText('No answer yet')).toBeTruthy();
    // The one file-answer list: the name opens the preview, Download takes the signed link.
    expect(within(dialog).getByRole('button', { name: 'proof.pdf' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Download proof.pdf' }).getAttribute('href')).toBe(
      '/api/files/signed-proof',
    );
    expect(within(dialog).queryByRole('button', { name: /Edit|Respond|Delete|Submit/ })).toBeNull();
  });
});
