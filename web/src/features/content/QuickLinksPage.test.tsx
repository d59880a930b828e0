import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';

const link = (
  id: number,
  url: string,
  status: string,
  organizations: { id: number; name: string; type: string }[],
) => ({
  id,
  url,
  status,
  path: `/api/files/img-${id}`,
  image: {
    name: `logo-${id}.png`,
    size: 10,
    signed_url: `/api/files/d-${id}`,
    signed_url_review: `/api/files/img-${id}`,
  },
  organizations,
  updated_at: '2026-11-20T10:00:00Z',
});
const riverside = { id: 3, name: 'Riverside Health', type: 'PROVIDER' };
const acme = { id: 2, name: 'Acme Medical Devices', type: 'SUPPLIER' };
const rows = [
  link(11, 'https://partner.example.com', 'ACTIVE', [riverside]),
  link(12, 'https://old.example.com', 'INACTIVE', [acme]),
];

/** `total`: how many links the server says it has (two by default, more to get a second page). */
function backend(total?: number) {
  return fakeApi(personOf('NOTISPHERE'), ({ method, path, query }) => {
    if (method === 'GET' && path === '/api/notisphere/quickLinks') {
      const status = query.get('status');
      const items = status ? rows.filter((r) => r.status === status) : rows;
      return jsonResponse({ items, total: total ?? items.length, pageNumber: 1, pageSize: 50, lastUpdated: null });
    }
    if (path === '/api/notisphere/quickLinks/meta')
      return jsonResponse({ statuses: ['ACTIVE', 'INACTIVE'], organizations: [acme, riverside] });
    if (method === 'PUT' && path === '/api/notisphere/quickLinks/delete/11')
      return jsonResponse({ ...rows[0], status: 'INACTIVE' });
    if (method === 'POST' && path === '/api/notisphere/quickLinks/create') return jsonResponse(rows[0]);
    if (method === 'GET') return jsonResponse({});
    return undefined;
  });
}

function signInAsOperator() {
  signIn('NOTISPHERE', ['Notisphere_ViewDashboard']);
}

describe('operator quick links', () => {
  it('lists links with image, URL and organisations; row actions follow the status; Inactivate calls delete', async () => {
    signInAsOperator();
    const calls = backend();
    renderApp('/notisphere/quick-links');
    await screen.findByText('https://partner.example.com');
    const active = tableRowWith('https://partner.example.com', 'Riverside Health');
    expect(within(active).getByRole('img').getAttribute('src')).toBe('/api/files/img-11');
    const user = userEvent.setup();

    await user.click(within(tableRowWith('https://old.example.com')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Activate']);
    await user.keyboard('{Escape}');

    await user.click(within(active).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Edit', 'Inactivate']);
    await user.click(screen.getByRole('menuitem', { name: 'Inactivate' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url.startsWith('/api/notisphere/quickLinks/delete/11'))).toBe(
        true,
      ),
    );
  });

  it('sends the url filter (address or organisation name) to the server', async () => {
    signInAsOperator();
    const calls = backend();
    renderApp('/notisphere/quick-links');
    await screen.findByText('https://partner.example.com');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'URL or organization' }), 'River');
    await waitFor(() =>
      expect(calls.some((c) => c.url.startsWith('/api/notisphere/quickLinks?') && c.url.includes('url=River'))).toBe(
        true,
      ),
    );
  });

  it('a filter change goes back to page 1', async () => {
    signInAsOperator();
    const calls = backend(120);
    renderApp('/notisphere/quick-links');
    await screen.findByText('https://partner.example.com');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('pageNumber=2'))).toBe(true));
    await user.type(screen.getByRole('textbox', { name: 'URL or organization' }), 'River');
    await waitFor(() => {
      const last = calls.filter((c) => c.url.startsWith('/api/notisphere/quickLinks?')).at(-1)!;
      expect(last.url).toContain('url=River');
      expect(last.url).toContain('pageNumber=1');
    });
  });

  it('adds a link: URL, image and chosen organisations go as one multipart create', async () => {
    signInAsOperator();
    const calls = backend();
    renderApp('/notisphere/quick-links');
    await screen.findByText('https://partner.example.com');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Quick Link' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://new.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'An image (.png or .jpg) is required.',
    );
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file);
    await user.click(await within(dialog).findByRole('checkbox', { name: /Riverside Health/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect(body.get('url')).toBe('https://new.example.com');
    expect(body.get('organization_ids')).toBe('3');
    expect((body.get('file') as File).name).toBe('logo.png');
  });
});
