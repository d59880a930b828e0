import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 7,
  email: 'admin@riverside.demo',
  first_name: 'Rita',
  last_name: 'Riverside',
  full_name: 'Rita Riverside',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: { id: 3, name: 'Riverside Health', type: 'PROVIDER', profile_photo: null, isSSO: false },
};

const entry = (id: number, kind: string, title: string, extra: object = {}) => ({
  id,
  kind,
  user_type: 'PROV',
  title,
  body: null,
  link_url: null,
  file: null,
  sort_order: id,
  status: 'ACTIVE',
  updated_at: '2026-11-20T10:00:00Z',
  ...extra,
});

const faqs = [
  entry(1, 'FAQ', 'What is a recall?', { body: '<p>A notice about a <strong>product</strong>.</p>' }),
  entry(2, 'FAQ', 'How do I answer?', { body: '<p>Open the notice.</p>' }),
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function signIn(permissions = ['Provider_ManageRecalls', 'Provider_ViewFAQs']) {
  setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', permissions)) });
}

function backend() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      const path = url.split('?')[0];
      const query = new URLSearchParams(url.split('?')[1]);
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === '/api/content/faqs') {
        const search = query.get('search');
        return jsonResponse(search ? faqs.filter((f) => `${f.title} ${f.body}`.includes(search)) : faqs);
      }
      if (path === '/api/content/user-guides')
        return jsonResponse([
          entry(5, 'GUIDE', 'Getting started', {
            file: {
              name: 'guide.txt',
              extension: 'txt',
              mimetype: 'text/plain',
              size: 5,
              signed_url: '/api/files/guide-download',
              signed_url_review: '/api/files/guide-review',
            },
          }),
          entry(6, 'GUIDE', 'Video tour', { link_url: 'https://videos.example.com/tour' }),
        ]);
      if (path === '/api/files/guide-review') return new Response('Hello guide', { status: 200 });
      if (path === '/api/content/contact')
        return jsonResponse({
          contact_email: 'help@portal.example.com',
          contact_phone: '1-800-555-0100',
          contact_address: null,
          contact_hours: null,
          knowledge_base_url: 'https://kb.example.com',
          faq_url: null,
          contact_url: 'https://portal.example.com/contact',
        });
      if (path === '/api/content/news-cards')
        return jsonResponse([
          entry(9, 'NEWS', 'New portal', {
            body: 'Read about the new portal.',
            link_url: 'https://news.example.com/1',
            file: {
              name: 'card.png',
              extension: 'png',
              mimetype: 'image/png',
              size: 5,
              signed_url: '/api/files/card',
              signed_url_review: '/api/files/card-review',
            },
          }),
        ]);
      if (method === 'GET') return jsonResponse({});
      return jsonResponse({ ok: false, m: 'No such path', error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return calls;
}

describe('help pages for every user', () => {
  it('/faqs lists the FAQs in order with their rich-text answers and searches the server (trimmed)', async () => {
    signIn();
    const calls = backend();
    renderApp('/faqs');
    await screen.findByText('What is a recall?');
    const questions = screen.getAllByText(/\?$/, { selector: 'summary' }).map((s) => s.textContent);
    expect(questions).toEqual(['What is a recall?', 'How do I answer?']);
    // The answer keeps the editor's formatting.
    expect(screen.getByText('product').tagName).toBe('STRONG');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search FAQs' }), '  Open  ');
    await waitFor(() => expect(screen.queryByText('What is a recall?')).toBeNull());
    const last = calls.filter((c) => c.startsWith('GET /api/content/faqs')).at(-1)!;
    expect(new URLSearchParams(last.split('?')[1]).get('search')).toBe('Open');
  });

  it('/user-guide opens a file in the File Preview modal and a link in a new tab', async () => {
    signIn();
    backend();
    renderApp('/user-guide');
    await screen.findByText('Getting started');
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('target')).toBe('_blank');
    await userEvent.setup().click(screen.getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('File Preview')).toBeTruthy();
    await within(dialog).findByText('Hello guide');
  });

  it('/contact-us shows the contact information and the help links in a new window', async () => {
    signIn();
    backend();
    renderApp('/contact-us');
    await screen.findByText('help@portal.example.com');
    expect(screen.getByText('1-800-555-0100')).toBeTruthy();
    const kb = screen.getByRole('link', { name: 'Knowledge base' });
    expect(kb.getAttribute('href')).toBe('https://kb.example.com');
    expect(kb.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe(
      'https://portal.example.com/contact',
    );
    // A help link the operator left empty is not shown.
    expect(screen.queryByRole('link', { name: 'FAQ' })).toBeNull();
  });

  it("the provider dashboard shows the user type's news cards with image and Read more", async () => {
    // A role without recalls or advisories: the dashboard's own panels stay out of this test.
    signIn(['Provider_ViewFAQs']);
    backend();
    renderApp('/provider/dashboard');
    const card = (await screen.findByText('New portal')).closest('article')!;
    expect(within(card).getByText('Read about the new portal.')).toBeTruthy();
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/api/files/card-review');
    expect(within(card).getByRole('link', { name: 'Read more' }).getAttribute('href')).toBe(
      'https://news.example.com/1',
    );
  });
});
