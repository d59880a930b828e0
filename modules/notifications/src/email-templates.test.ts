import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';
import { enqueueEmail, TEMPLATE_KINDS } from './index.js';

let t: TestApp;
let operator: string;
let provider: string;
beforeAll(async () => {
  t = await startTestApp();
  operator = (await t.signIn('admin@operator.demo')).access_token;
  provider = (await t.signIn('admin@riverside.demo')).access_token;
});
afterAll(() => t.close());

const idOf = async (table: string, where: Record<string, unknown>) =>
  Number(((await t.db(table).where(where).first('id')) as { id: number }).id);
const platformTemplate = (key: string) =>
  t.db('email_templates').where({ key }).whereNull('organization_id').first() as Promise<{
    id: number;
    subject_en: string;
    body_en: string;
    subject_vi: string;
    body_vi: string;
    version: number;
  }>;
const currentVersionId = async (key: string, organizationId: number | null = null) => {
  const row = (await t
    .db('email_templates as t')
    .join('email_template_versions as v', function () {
      this.on('v.template_id', 't.id').andOn('v.version', 't.version');
    })
    .where('t.key', key)
    .where((w) => (organizationId ? w.where('t.organization_id', organizationId) : w.whereNull('t.organization_id')))
    .first('v.id')) as { id: number };
  return Number(row.id);
};
const contentOf = (row: { subject_en: string; body_en: string; subject_vi: string; body_vi: string }) => ({
  subject_en: row.subject_en,
  body_en: row.body_en,
  subject_vi: row.subject_vi,
  body_vi: row.body_vi,
});

describe("the operator's email templates", () => {
  it('lists every email the product sends and answers one with its placeholders and versions', async () => {
    const list = await t.call('GET', '/api/notisphere/email-templates', { token: operator });
    expect(list.status).toBe(200);
    const keys = (list.body.d.data as { key: string; id: number | null }[]).map((r) => r.key);
    expect(keys).toEqual(TEMPLATE_KINDS.map((k) => k.key));
    expect((list.body.d.data as { id: number | null }[]).every((r) => r.id !== null)).toBe(true);
    const searched = await t.call('GET', '/api/notisphere/email-templates?search=unlock', { token: operator });
    expect((searched.body.d.data as { key: string }[]).map((r) => r.key)).toEqual(['UNLOCK_CODE']);

    const recall = await platformTemplate('RECALL_NOTICE');
    const one = await t.call('GET', `/api/notisphere/email-templates/${recall.id}`, { token: operator });
    expect(one.status).toBe(200);
    expect(one.body.d).toMatchObject({
      key: 'RECALL_NOTICE',
      subject_en: 'Recall notice: {{ event_name }}{% if event_id %} ({{ event_id }}){% endif %}',
      version: 1,
    });
    expect((one.body.d.placeholders as { name: string }[]).map((p) => p.name)).toContain('notice_link');
    expect(one.body.d.versions).toHaveLength(1);
    expect((await t.call('GET', '/api/notisphere/email-templates/999999', { token: operator })).status).toBe(404);
  });

  it('refuses a placeholder the template does not offer, naming it, and tags that read files', async () => {
    const row = await platformTemplate('PASSWORD_CHANGED');
    const bad = await t.call('PUT', `/api/notisphere/email-templates/${row.id}`, {
      token: operator,
      body: { ...contentOf(row), subject_vi: 'Xin chào {{ first_name }}' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.m).toContain('{{ first_name }}');
    expect(bad.body.m).toContain('Vietnamese subject');
    const include = await t.call('PUT', `/api/notisphere/email-templates/${row.id}`, {
      token: operator,
      body: { ...contentOf(row), body_en: "{% include '/etc/passwd' %}" },
    });
    expect(include.status).toBe(400);
    expect(include.body.m).toContain('"include"');
    const broken = await t.call('PUT', `/api/notisphere/email-templates/${row.id}`, {
      token: operator,
      body: { ...contentOf(row), body_en: '<p>{% if %}</p>' },
    });
    expect(broken.status).toBe(400);
    expect((await platformTemplate('PASSWORD_CHANGED')).version).toBe(1);
  });

  it('saves a new audited version, and the next email uses it and records the version', async () => {
    const row = await platformTemplate('PASSWORD_RESET');
    const saved = await t.call('PUT', `/api/notisphere/email-templates/${row.id}`, {
      token: operator,
      body: { ...contentOf(row), subject_en: 'Choose a new password ({{ hours }} hours)' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.d).toMatchObject({ version: 2, subject_en: 'Choose a new password ({{ hours }} hours)' });
    expect((saved.body.d.versions as { version: number }[]).map((v) => v.version)).toEqual([2, 1]);
    const [audit] = await t.db('audit_events').where({ action: 'EMAIL_TEMPLATE_UPDATED', entity_id: String(row.id) });
    expect(audit).toMatchObject({ actor_email: 'admin@operator.demo' });
    expect(audit.after).toMatchObject({ key: 'PASSWORD_RESET', version: 2 });

    expect((await t.call('POST', '/api/auth/forgot-password', { body: { email: 'admin@acme.demo' } })).status).toBe(
      200,
    );
    const mail = await t.smtp.waitFor('admin@acme.demo', (m) => m.subject.startsWith('Choose a new password'));
    expect(mail.subject).toMatch(/^Choose a new password \(\d+ hours\)$/);
    expect(mail.text).toContain('/reset-password?token=');
    const outbox = (await t
      .db('outbox_emails')
      .where({ kind: 'PASSWORD_RESET', to_email: 'admin@acme.demo' })
      .orderBy('id', 'desc')
      .first('template_version_id')) as { template_version_id: string };
    expect(Number(outbox.template_version_id)).toBe(await currentVersionId('PASSWORD_RESET'));
  });

  it('escapes values in the HTML part and keeps them as written in the subject and the text part', async () => {
    const id = await enqueueEmail(t.db, {
      organizationId: null,
      kind: 'SALES_REP_NOTICE',
      to: 'rep@escape.test',
      template: {
        key: 'SALES_REP_NOTICE',
        values: {
          supplier_name: 'A & B <Labs>',
          event_name: '<script>alert(1)</script>',
          link: 'https://x.test/?a=1&b=2',
        },
      },
    });
    const row = (await t.db('outbox_emails').where({ id }).first()) as {
      subject: string;
      html_body: string;
      text_body: string;
    };
    expect(row.subject).toBe('Supply advisory for your customers: <script>alert(1)</script>');
    expect(row.html_body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(row.html_body).toContain('A &amp; B &lt;Labs&gt;');
    expect(row.html_body).not.toContain('<script>');
    expect(row.html_body).toContain('href="https://x.test/?a=1&amp;b=2"');
    expect(row.text_body).toContain('A & B <Labs> has issued a supply advisory');
    expect(row.text_body).toContain('https://x.test/?a=1&b=2');
  });

  it('previews both languages with sample values, including unsaved content', async () => {
    const row = await platformTemplate('UNLOCK_CODE');
    const saved = await t.call('POST', `/api/notisphere/email-templates/${row.id}/preview`, {
      token: operator,
      body: {},
    });
    expect(saved.status).toBe(200);
    expect(saved.body.d.en.subject).toBe('Your account unlock code');
    expect(saved.body.d.vi.subject).toBe('Mã mở khóa tài khoản của bạn');
    expect(saved.body.d.en.text).toContain('Your unlock code is 493817.');
    expect(saved.body.d.vi.html).toContain('493817');
    const draft = await t.call('POST', `/api/notisphere/email-templates/${row.id}/preview`, {
      token: operator,
      body: { content: { ...contentOf(row), subject_en: 'Code {{ code }}' } },
    });
    expect(draft.body.d.en.subject).toBe('Code 493817');
    const bad = await t.call('POST', `/api/notisphere/email-templates/${row.id}/preview`, {
      token: operator,
      body: { content: { ...contentOf(row), subject_en: 'Code {{ secret }}' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.m).toContain('{{ secret }}');
  });

  it("test-sends to the editor's own address over SMTP", async () => {
    const row = await platformTemplate('ACCOUNT_LOCKED');
    const res = await t.call('POST', `/api/notisphere/email-templates/${row.id}/test-send`, {
      token: operator,
      body: { language: 'vi' },
    });
    expect(res.status).toBe(200);
    expect(res.body.d.to).toBe('admin@operator.demo');
    const mail = await t.smtp.waitFor('admin@operator.demo', (m) => m.subject === 'Tài khoản của bạn đã bị khóa');
    expect(mail.text).toContain('Tài khoản của bạn đã bị khóa sau quá nhiều lần');
    // Laid out for mail clients: the sender frames the body in a table with inline styles.
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    expect(mail.html).toMatch(/<table role="presentation"[^>]*style="[^"]+"/);
    expect(mail.html).toContain('<div lang="vi">');
    const outbox = (await t.db('outbox_emails').where({ id: res.body.d.outbox_id }).first()) as {
      kind: string;
      template_version_id: string;
    };
    expect(outbox.kind).toBe('TEMPLATE_TEST');
    expect(Number(outbox.template_version_id)).toBe(await currentVersionId('ACCOUNT_LOCKED'));
  });

  it('records a send that finds no template at all as ERROR_MISSING_TEMPLATE and never sends it', async () => {
    await t.db('email_templates').where({ key: 'CONVERSATION_MESSAGE' }).delete();
    const id = await enqueueEmail(t.db, {
      organizationId: null,
      kind: 'CONVERSATION_MESSAGE',
      to: 'nobody@missing.test',
      template: { key: 'CONVERSATION_MESSAGE', values: { event_name: 'X' } },
    });
    await t.mailer.drain();
    const row = (await t.db('outbox_emails').where({ id }).first()) as { status: string; template_version_id: null };
    expect(row).toMatchObject({ status: 'ERROR_MISSING_TEMPLATE', template_version_id: null });
    expect(t.smtp.messages.some((m) => m.to.includes('nobody@missing.test'))).toBe(false);
  });

  it('answers 403 to non-operators and operators without the permission', async () => {
    expect((await t.call('GET', '/api/notisphere/email-templates', { token: provider })).status).toBe(403);
    const responder = (await t.signIn('responder@riverside.demo')).access_token;
    expect((await t.call('GET', '/api/provider/email-templates', { token: responder })).status).toBe(403);
    const acme = (await t.signIn('admin@acme.demo')).access_token;
    expect((await t.call('GET', '/api/provider/email-templates', { token: acme })).status).toBe(403);
  });
});

describe("a provider's overrides", () => {
  it("overrides the internal notification for its own users only; others get the platform's", async () => {
    const list = await t.call('GET', '/api/provider/email-templates', { token: provider });
    expect(list.status).toBe(200);
    expect((list.body.d.data as { key: string }[]).map((r) => r.key)).toEqual(
      TEMPLATE_KINDS.filter((k) => k.providerOverridable).map((k) => k.key),
    );
    expect((list.body.d.data as { overridden: boolean }[]).every((r) => !r.overridden)).toBe(true);

    const platform = await t.call('GET', '/api/provider/email-templates/PROVIDER_NOTIFICATION', { token: provider });
    expect(platform.body.d).toMatchObject({ overridden: false, subject_en: '{{ event_kind }}: {{ event_name }}' });
    expect((await t.call('GET', '/api/provider/email-templates/PASSWORD_RESET', { token: provider })).status).toBe(404);

    const refused = await t.call('PUT', '/api/provider/email-templates/PROVIDER_NOTIFICATION', {
      token: provider,
      body: { ...contentOf(platform.body.d), subject_en: 'Riverside: {{ supplier_name }}' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.m).toContain('{{ supplier_name }}');

    const saved = await t.call('PUT', '/api/provider/email-templates/PROVIDER_NOTIFICATION', {
      token: provider,
      body: { ...contentOf(platform.body.d), subject_en: 'Riverside team: {{ event_name }}' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.d).toMatchObject({
      overridden: true,
      version: 1,
      subject_en: 'Riverside team: {{ event_name }}',
    });
    const riverside = await idOf('organizations', { name: 'Riverside Health' });
    const lakeshore = await idOf('organizations', { name: 'Lakeshore Medical Center' });

    const send = (overrideOrganizationId: number, to: string) =>
      enqueueEmail(t.db, {
        organizationId: overrideOrganizationId,
        kind: 'PROVIDER_NOTIFICATION',
        to,
        template: {
          key: 'PROVIDER_NOTIFICATION',
          overrideOrganizationId,
          values: {
            sender_email: 'a@b.test',
            event_kind: 'Recall',
            event_name: 'Override check',
            link: 'https://x.test',
          },
        },
      });
    const own = (await t
      .db('outbox_emails')
      .where({ id: await send(riverside, 'own@riverside.test') })
      .first()) as {
      subject: string;
      template_version_id: string;
    };
    expect(own.subject).toBe('Riverside team: Override check');
    expect(Number(own.template_version_id)).toBe(await currentVersionId('PROVIDER_NOTIFICATION', riverside));
    const other = (await t
      .db('outbox_emails')
      .where({ id: await send(lakeshore, 'x@lakeshore.test') })
      .first()) as {
      subject: string;
      template_version_id: string;
    };
    expect(other.subject).toBe('Recall: Override check');
    expect(Number(other.template_version_id)).toBe(await currentVersionId('PROVIDER_NOTIFICATION'));

    const preview = await t.call('POST', '/api/provider/email-templates/PROVIDER_NOTIFICATION/preview', {
      token: provider,
      body: {},
    });
    expect(preview.body.d.en.subject).toBe('Riverside team: Saline flush syringes, lot 22A');
    const test = await t.call('POST', '/api/provider/email-templates/PROVIDER_NOTIFICATION/test-send', {
      token: provider,
      body: {},
    });
    expect(test.status).toBe(200);
    await t.smtp.waitFor('admin@riverside.demo', (m) => m.subject === 'Riverside team: Saline flush syringes, lot 22A');

    // Set aside, the override stops applying (its versions stay, so sent emails still name theirs); saving again resumes it.
    const reset = await t.call('DELETE', '/api/provider/email-templates/PROVIDER_NOTIFICATION', { token: provider });
    expect(reset.body.d).toMatchObject({ overridden: false, subject_en: '{{ event_kind }}: {{ event_name }}' });
    expect((await t.db('audit_events').where({ action: 'EMAIL_TEMPLATE_RESET' })).length).toBe(1);
    const after = (await t
      .db('outbox_emails')
      .where({ id: await send(riverside, 'after@riverside.test') })
      .first()) as {
      subject: string;
    };
    expect(after.subject).toBe('Recall: Override check');
    const kept = (await t
      .db('outbox_emails')
      .where({ to_email: 'own@riverside.test' })
      .first('template_version_id')) as {
      template_version_id: string;
    };
    expect(Number(kept.template_version_id)).toBe(Number(own.template_version_id));
    expect(
      (await t.call('DELETE', '/api/provider/email-templates/PROVIDER_NOTIFICATION', { token: provider })).status,
    ).toBe(404);
    const again = await t.call('PUT', '/api/provider/email-templates/PROVIDER_NOTIFICATION', {
      token: provider,
      body: { ...contentOf(platform.body.d), subject_en: 'Riverside again: {{ event_name }}' },
    });
    expect(again.body.d).toMatchObject({ overridden: true, version: 2 });
    const resumed = (await t
      .db('outbox_emails')
      .where({ id: await send(riverside, 'again@riverside.test') })
      .first()) as {
      subject: string;
    };
    expect(resumed.subject).toBe('Riverside again: Override check');
  });
});
