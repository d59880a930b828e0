import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
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
  role_name: 'Administrator',
  organization: { id: 1, name: 'NotiSphere', type: 'NOTISPHERE', profile_photo: null, isSSO: false },
};

const template = {
  id: 10,
  key: 'RECALL_NOTICE',
  name: 'Recall notice',
  description: "A supplier's recall notice to each recipient of an affected customer",
  provider_overridable: false,
  subject_en: 'Recall notice: {{ event_name }}',
  body_en: '<p>{{ supplier_name }} has issued a recall notice.</p>',
  subject_vi: 'Thông báo thu hồi: {{ event_name }}',
  body_vi: '<p>{{ supplier_name }} đã phát hành thông báo thu hồi.</p>',
  version: 1,
  updated_at: '2026-11-20T10:00:00Z',
  placeholders: [
    { name: 'event_name', description: 'Name of the recall or advisory', sample: 'Saline flush' },
    { name: 'customer_name', description: "Name of the recipient's organisation", sample: 'Riverside Hospital' },
  ],
  versions: [
    {
      id: 5,
      version: 1,
      created_at: '2026-11-20T10:00:00Z',
      created_by_email: null,
      subject_en: 'Recall notice: {{ event_name }}',
      body_en: '',
      subject_vi: '',
      body_vi: '',
    },
  ],
};

const rendered = (subject: string) => ({ subject, html: `<p>${subject}</p>`, text: subject });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function backend() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = url.split('?')[0]!;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (method === 'GET' && path === '/api/notisphere/email-templates/10') return jsonResponse(template);
      if (method === 'POST' && path === '/api/notisphere/email-templates/10/preview') {
        const subject = (body as { content?: { subject_en: string } }).content?.subject_en ?? template.subject_en;
        return jsonResponse({
          en: rendered(subject.replace('{{ event_name }}', 'Saline flush')),
          vi: rendered('Thông báo'),
        });
      }
      if (method === 'PUT' && path === '/api/notisphere/email-templates/10') {
        const subject = (body as { subject_en: string }).subject_en;
        if (subject.includes('{{ patient }}'))
          return jsonResponse(
            {
              ok: false,
              m: 'The English subject uses the placeholder {{ patient }}, which this template does not offer.',
              error: { code: 'VALIDATION_ERROR' },
            },
            400,
          );
        return jsonResponse({ ...template, ...(body as object), version: 2 });
      }
      if (method === 'POST' && path === '/api/notisphere/email-templates/10/test-send')
        return jsonResponse({ outbox_id: 1, to: 'admin@operator.demo' });
      if (method === 'GET') return jsonResponse({});
      return jsonResponse({ ok: false, m: `No such API path: ${method} ${path}`, error: { code: 'NOT_FOUND' } }, 404);
    }),
  );
  return calls;
}

describe('operator email template editor', () => {
  it('inserts a placeholder, shows the refusal naming an unknown one, saves, previews and test-sends', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ManageEmailTemplates'])) });
    const calls = backend();
    renderApp('/notisphere/email-templates/edit/10');
    const subject = await screen.findByRole('textbox', { name: /Subject \(English\)/ });
    expect(await screen.findByTestId('preview-subject-en')).toHaveProperty(
      'textContent',
      'Recall notice: Saline flush',
    );
    expect(screen.getByTestId('preview-subject-vi').textContent).toBe('Thông báo');

    const user = userEvent.setup();
    await user.clear(subject);
    await user.type(subject, 'For {{{{ patient }}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      (await screen.findAllByText(/\{\{ patient \}\}, which this template does not offer/)).length,
    ).toBeGreaterThan(0);

    await user.clear(subject);
    await user.type(subject, 'Urgent for ');
    await user.click(screen.getByRole('button', { name: 'Insert customer_name' }));
    await waitFor(() => expect((subject as HTMLInputElement).value).toBe('Urgent for {{ customer_name }}'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({
        subject_en: 'Urgent for {{ customer_name }}',
        subject_vi: template.subject_vi,
        body_en: template.body_en,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Send test (Vietnamese)' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/test-send'))?.body).toMatchObject({ language: 'vi' }),
    );
    expect(screen.getByRole('complementary', { name: 'Placeholders' })).toBeTruthy();
  });
});
