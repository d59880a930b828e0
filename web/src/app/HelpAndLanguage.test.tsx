import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../test/render';
import { claimsFor, makeJwt } from '../test/jwt';
import { setPageToken } from '../state/auth';

const me = {
  id: 42,
  email: 'admin@riverside.demo',
  first_name: 'Rita',
  last_name: 'Riverside',
  full_name: 'Rita Riverside',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  language: 'en',
  role_name: 'Administrator',
  organization: { id: 3, name: 'Riverside Health', type: 'PROVIDER', profile_photo: null, isSSO: false },
};
const HELP_PERMISSIONS = [
  'Provider_ViewUserGuides',
  'Provider_ViewFAQs',
  'Provider_ViewContact',
  'Provider_ViewDashboard',
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function backend(help: Record<string, string | null>) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const path = url.split('?')[0];
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/language') return jsonResponse({ ...me, language: 'vi' });
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === '/api/content/contact') return jsonResponse(help);
      if (path === '/api/lookup-values') return jsonResponse([]);
      if (path === '/api/me/sessions') return jsonResponse([]); // the account page's sessions panel
      if (method === 'GET') return jsonResponse({});
      return jsonResponse({ ok: false, m: 'No such path', error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return calls;
}

function signIn() {
  setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', HELP_PERMISSIONS)) });
}

const helpLink = (name: string) =>
  within(screen.getByTestId('sidebar')).getByRole('link', { name }) as HTMLAnchorElement;

describe('sidebar Help links (issue 12)', () => {
  it("open the operator's external links in a new window, and the product's pages where none is set", async () => {
    signIn();
    backend({ knowledge_base_url: 'https://kb.example.com', faq_url: null, contact_url: 'https://help.example.com/c' });
    renderApp('/account');
    const user = userEvent.setup();
    await user.click(await within(await screen.findByTestId('sidebar')).findByRole('button', { name: /Help/ }));
    await waitFor(() => expect(helpLink('Learn More').getAttribute('href')).toBe('https://kb.example.com'));
    expect(helpLink('Learn More').target).toBe('_blank');
    expect(helpLink('Contact Us').getAttribute('href')).toBe('https://help.example.com/c');
    expect(helpLink('FAQs').getAttribute('href')).toBe('/faqs');
    expect(helpLink('FAQs').target).toBe('_blank');
  });
});

describe('language switcher, signed in', () => {
  it("saves the user's language, which their emails follow", async () => {
    signIn();
    const calls = backend({ knowledge_base_url: null, faq_url: null, contact_url: null });
    renderApp('/account');
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'Language' });
    await user.click(within(group).getByRole('button', { name: 'Vietnamese' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.url === '/api/me/language')?.body).toEqual({ language: 'vi' }),
    );
  });
});
