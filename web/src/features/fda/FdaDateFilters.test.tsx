import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn, type ApiCall } from '../../test/backend';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const lastList = (calls: ApiCall[]) =>
  [...calls].reverse().find((c) => c.path === '/api/notisphere/fda/devices')?.query ?? new URLSearchParams();

describe('FDA date filters', () => {
  it('take years 2010 to 2030 only (spec 000 §9), as every date filter of the lists', async () => {
    signIn('NOTISPHERE', ['Notisphere_ViewFDAInformation']);
    const calls = fakeApi(personOf('NOTISPHERE'), (call) =>
      call.path === '/api/notisphere/fda/devices'
        ? jsonResponse({ items: [], total: 0, pageNumber: 1, pageSize: 50, lastUpdated: null })
        : call.method === 'GET'
          ? jsonResponse({})
          : undefined,
    );
    renderApp('/notisphere/fda-devices');
    const user = userEvent.setup();
    const from = await screen.findByRole('textbox', { name: 'Initiated from' });
    await user.type(from, '12/31/2009');
    await user.tab();
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(lastList(calls).get('initiatedFrom')).toBeNull();

    const to = screen.getByRole('textbox', { name: 'Initiated to' });
    await user.type(to, '01/01/2031');
    await user.tab();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(lastList(calls).get('initiatedTo')).toBeNull();

    await user.clear(from);
    await user.type(from, '01/01/2010');
    await user.tab();
    await waitFor(() => expect(lastList(calls).get('initiatedFrom')).toBe('2010-01-01'));
    await user.clear(to);
    await user.type(to, '12/31/2030');
    await user.tab();
    await waitFor(() => expect(lastList(calls).get('initiatedTo')).toBe('2030-12-31'));
  });
});
