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

const row = (id: number, name: string, status: string) => ({
  id,
  name,
  event_id: `E-${id}`,
  type: 'RECALL',
  subtype: 'REMOVAL',
  status,
  classification: 'CLASSI',
  event_date: '2026-11-02',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
  approved_at: null,
  sent_count: 2,
  acknowledged_count: 1,
  completed_count: 0,
  customers_count: 2,
});

function signIn() {
  const access = makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls'], { role_name: 'Recall Coordinator' }));
  setPageToken({ access_token: access });
}

function backend(envelope: Record<string, unknown> = {}) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (url: string) => {
    calls.push(url);
    const path = url.split('?')[0] ?? '';
    if (path === '/api/me') return jsonResponse(me);
    if (path === '/api/supplier/communications') {
      return jsonResponse({
        items: [row(1, 'Draft pump', 'DRAFT'), row(2, 'Open pump', 'OPEN'), row(3, 'Closed pump', 'CLOSED')],
        total: 3,
        pageNumber: 1,
        pageSize: 50,
        lastUpdated: '2026-11-02T10:00:00Z',
        ...envelope,
      });
    }
    return jsonResponse({ ok: false, m: `No such API path: GET ${path}`, error: { code: 'NOT_FOUND' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function menuOf(name: string): Promise<string[]> {
  const user = userEvent.setup();
  const tableRow = (await screen.findByText(name)).closest('tr');
  if (!tableRow) throw new Error(`no row for ${name}`);
  await user.click(within(tableRow).getByRole('button', { name: 'Actions' }));
  const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent ?? '');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryAllByRole('menuitem')).toHaveLength(0));
  return items;
}

describe('supplier recall list', () => {
  it('asks for recalls with the saved sort and offers the row actions of each status (spec §4)', async () => {
    signIn();
    const calls = backend();
    renderApp('/supplier/recalls');
    expect(await screen.findByText('Draft pump', undefined)).toBeTruthy();
    const listCall = calls.find((u) => u.startsWith('/api/supplier/communications?')) ?? '';
    const query = new URLSearchParams(listCall.split('?')[1]);
    expect(query.get('communicationType')).toBe('RECALL');
    expect(query.get('sortField')).toBe('updated_at');
    expect(query.get('sortDirection')).toBe('desc');
    expect(await menuOf('Draft pump')).toEqual(['View', 'Edit', 'Delete']);
    expect(await menuOf('Open pump')).toEqual(['View', 'Edit']);
    expect(await menuOf('Closed pump')).toEqual(['View']);
  });

  it('restores the saved search of the user', async () => {
    signIn();
    localStorage.setItem(
      'portal.list.42.supplier-recalls',
      JSON.stringify({
        sort: [{ field: 'name', direction: 'asc' }],
        filterModel: {},
        search: 'pump',
        pageSize: 20,
        columns: null,
      }),
    );
    const calls = backend();
    renderApp('/supplier/recalls');
    await screen.findByText('Draft pump', undefined);
    const query = new URLSearchParams(
      (calls.find((u) => u.startsWith('/api/supplier/communications?')) ?? '').split('?')[1],
    );
    expect(query.get('search')).toBe('pump');
    expect(query.get('pageSize')).toBe('20');
    expect(query.get('sortField')).toBe('name');
  });

  it('says "more than" when the server capped a filtered total, and when it sorted only the most recent rows', async () => {
    signIn();
    backend({ total: 10000, totalCapped: true, sortCapped: true });
    renderApp('/supplier/recalls');
    expect(await screen.findByText('More than 10000 record(s)')).toBeTruthy();
    expect(screen.queryByText('Total 10000 record(s)')).toBeNull();
    expect(
      screen.getByText('Only the most recent records are sorted: search or filter to sort them all.'),
    ).toBeTruthy();
  });

  it('shows the exact total otherwise', async () => {
    signIn();
    backend();
    renderApp('/supplier/recalls');
    expect(await screen.findByText('Total 3 record(s)')).toBeTruthy();
    expect(screen.queryByText(/Only the most recent records/)).toBeNull();
  });
});
