import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
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

const meta = {
  communicationTypes: [],
  recallTypes: [],
  disruptionTypes: [],
  classifications: [],
  dispositions: [],
  leadTimes: [],
  reasons: [],
  actionTypes: [],
  locationStatuses: [],
  productFields: [{ id: 1, name: 'Sterile', field_type: 'YesNo', options: [], is_required: true }],
};

function signIn() {
  const access = makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls'], { role_name: 'Recall Coordinator' }));
  setPageToken({ access_token: access });
}

describe('supplier recall wizard', () => {
  it('shows the spec §5 messages under the step 0 fields and sends nothing while they stand', async () => {
    signIn();
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = url.split('?')[0] ?? '';
        if (init?.method === 'POST') posts.push(path);
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/supplier/communications/meta') return jsonResponse(meta);
        return jsonResponse({ ok: false, m: `No such API path: ${path}`, error: { code: 'NOT_FOUND' } }, 404);
      }),
    );
    renderApp('/supplier/recalls/new');
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.getAllByText('Field required').length).toBeGreaterThanOrEqual(4));
    await user.type(name, 'Pump');
    await user.type(screen.getByRole('textbox', { name: 'Contact Email' }), 'nope');
    await user.type(screen.getByRole('textbox', { name: 'Contact Phone' }), '12');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Email not valid')).toBeTruthy();
    expect(screen.getByText('Invalid phone number')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBeNull();
    expect(posts).toEqual([]);
  });
});
