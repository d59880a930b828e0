import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';

const faq = (id: number, title: string, user_type: string, status: string) => ({
  id,
  kind: 'FAQ',
  user_type,
  title,
  body: '<p>Answer</p>',
  link_url: null,
  file: null,
  sort_order: id,
  status,
  updated_at: '2026-11-20T10:00:00Z',
});
const rows = [faq(1, 'What is a recall?', 'PROV', 'ACTIVE'), faq(2, 'How do I send?', 'SUPP', 'INACTIVE')];

function backend() {
  return fakeApi(personOf('NOTISPHERE'), ({ method, path, query }) => {
    if (method === 'GET' && path === '/api/notisphere/content/faqs') {
      const type = query.get('user_type');
      const items = type ? rows.filter((r) => r.user_type === type) : rows;
      return jsonResponse({ items, total: items.length, pageNumber: 1, pageSize: 50, lastUpdated: null });
    }
    if (method === 'POST' && path === '/api/notisphere/content/faqs') return jsonResponse(rows[0]);
    if (method === 'PUT' && path === '/api/notisphere/content/faqs/1/status')
      return jsonResponse({ ...rows[0], status: 'INACTIVE' });
    if (method === 'GET') return jsonResponse({});
    return undefined;
  });
}

describe('operator FAQs (ContentEntriesManager)', () => {
  it('lists FAQs per user type, adds one as JSON, and inactivates an active one', async () => {
    signIn('NOTISPHERE', ['Notisphere_ManageFAQs']);
    const calls = backend();
    renderApp('/notisphere/faqs');
    await screen.findByText('What is a recall?');
    expect(within(tableRowWith('What is a recall?')).getByText('Provider')).toBeTruthy();
    expect(within(tableRowWith('How do I send?')).getByText('Supplier')).toBeTruthy();
    const user = userEvent.setup();

    await user.click(within(tableRowWith('How do I send?')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Activate']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Add FAQ' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Question is required');
    await user.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'Where are my notices?');
    await user.type(within(dialog).getByRole('textbox', { name: 'Answer' }), 'In Recalls.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as { body: string };
    expect(body).toMatchObject({ user_type: 'PROV', title: 'Where are my notices?', sort_order: 0 });
    // The editor's HTML (typing into the editor under happy-dom is lossy; the e2e run types the real text).
    expect(body.body).toMatch(/<p>.+<\/p>/);

    await user.click(within(tableRowWith('What is a recall?')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Edit', 'Inactivate']);
    await user.click(screen.getByRole('menuitem', { name: 'Inactivate' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.url).toContain('/api/notisphere/content/faqs/1/status');
      expect(put?.body).toEqual({ status: 'INACTIVE' });
    });
  });
});
