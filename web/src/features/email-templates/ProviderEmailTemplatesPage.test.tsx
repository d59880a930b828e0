import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
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

const row = (key: string, name: string, overridden: boolean) => ({
  key,
  name,
  description: `${name} description`,
  provider_overridable: true,
  overridden,
  subject_en: `${name}: {{ event_name }}`,
  subject_vi: null,
  version: overridden ? 3 : null,
  updated_at: overridden ? '2026-11-20T10:00:00Z' : null,
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the provider's email templates", () => {
  it('lists the templates it may override, which are its own, and links each to its editor by key', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', ['Provider_ManageEmailTemplates'])) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = url.split('?')[0];
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/me/organization') return jsonResponse(me.organization);
        if (path === '/api/provider/email-templates')
          return jsonResponse({
            data: [
              row('PROVIDER_NOTIFICATION', 'Internal notification', true),
              row('ACCESS_REQUEST', 'Access request', false),
            ],
            total: 2,
          });
        return jsonResponse({});
      }),
    );
    renderApp('/provider/email-templates');
    const own = await screen.findByRole('link', { name: 'Internal notification' });
    expect(own.getAttribute('href')).toBe('/provider/email-templates/edit/PROVIDER_NOTIFICATION');
    expect(within(tableRowWith('Internal notification')).getByText('Your own')).toBeTruthy();
    expect(within(tableRowWith('Access request')).getByText('Platform default')).toBeTruthy();
  });
});

describe("the provider's email template editor at an address that names nothing", () => {
  function signIn(templates: Record<string, Response>) {
    setPageToken({ access_token: makeJwt(claimsFor('PROVIDER', ['Provider_ManageEmailTemplates'])) });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = url.split('?')[0] ?? '';
        calls.push(path);
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/me/organization') return jsonResponse(me.organization);
        return templates[path] ?? jsonResponse({});
      }),
    );
    return calls;
  }

  it('shows the not-found page for a key no template can have, without asking the server or an error dialog', async () => {
    const calls = signIn({});
    renderApp('/provider/email-templates/edit/1');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(calls.some((p) => p.startsWith('/api/provider/email-templates/'))).toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.body.textContent).not.toContain('must match pattern');
  });

  it('shows the not-found page when the server has no such template', async () => {
    signIn({
      '/api/provider/email-templates/NO_SUCH_TEMPLATE': jsonResponse(
        { ok: false, m: 'Email template not found.', error: { code: 'NOT_FOUND' } },
        404,
      ),
    });
    renderApp('/provider/email-templates/edit/NO_SUCH_TEMPLATE');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
