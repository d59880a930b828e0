import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_PNG, startTestApp, type TestApp } from '@portal/testing';
import { messageText } from '@portal/core';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let t: TestApp;
let operator = '';
let provider = '';
let supplier = '';
beforeAll(async () => {
  t = await startTestApp();
  const tokens = await Promise.all(
    ['admin@operator.demo', 'admin@riverside.demo', 'admin@acme.demo'].map(
      async (e) => (await t.signIn(e)).access_token,
    ),
  );
  [operator, provider, supplier] = tokens as [string, string, string];
});
afterAll(() => t.close());

function form(fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file) f.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return f;
}
const ids = (d: { id: number }[]) => d.map((x) => x.id);

describe('FAQs', () => {
  it('the operator adds, orders, edits and inactivates FAQs per user type; readers see only their own, searchable', async () => {
    const add = (body: object) => t.call('POST', '/api/notisphere/content/faqs', { token: operator, body });
    const second = await add({
      user_type: 'PROV',
      title: 'How do I answer?',
      body: '<p>Open the <b>notice</b>.</p>',
      sort_order: 2,
    });
    expect(second.status).toBe(200);
    expect(second.body.d).toMatchObject({
      kind: 'FAQ',
      user_type: 'PROV',
      title: 'How do I answer?',
      status: 'ACTIVE',
    });
    const first = await add({ user_type: 'PROV', title: 'What is a recall?', body: '<p>A notice.</p>', sort_order: 1 });
    const forSuppliers = await add({ user_type: 'SUPP', title: 'How do I send?', body: 'Approve it.' });
    expect(await t.db('audit_events').where({ action: 'CONTENT_CREATED', entity_type: 'content_faq' })).toHaveLength(3);

    const read = await t.call('GET', '/api/content/faqs', { token: provider });
    expect(read.status).toBe(200);
    expect(ids(read.body.d)).toEqual([first.body.d.id, second.body.d.id]);
    expect(ids((await t.call('GET', '/api/content/faqs', { token: supplier })).body.d)).toEqual([
      forSuppliers.body.d.id,
    ]);
    // Search matches the question or the answer, trimmed.
    expect(ids((await t.call('GET', '/api/content/faqs?search=%20notice%20', { token: provider })).body.d)).toEqual([
      first.body.d.id,
      second.body.d.id,
    ]);
    expect(ids((await t.call('GET', '/api/content/faqs?search=answer', { token: provider })).body.d)).toEqual([
      second.body.d.id,
    ]);

    const edited = await t.call('PUT', `/api/notisphere/content/faqs/${second.body.d.id}`, {
      token: operator,
      body: { user_type: 'PROV', title: 'How do I respond?', body: '<p>Open it.</p>', sort_order: 0 },
    });
    expect(edited.body.d).toMatchObject({ title: 'How do I respond?', sort_order: 0 });
    expect(ids((await t.call('GET', '/api/content/faqs', { token: provider })).body.d)).toEqual([
      second.body.d.id,
      first.body.d.id,
    ]);

    const off = await t.call('PUT', `/api/notisphere/content/faqs/${first.body.d.id}/status`, {
      token: operator,
      body: { status: 'INACTIVE' },
    });
    expect(off.body.d.status).toBe('INACTIVE');
    expect(ids((await t.call('GET', '/api/content/faqs', { token: provider })).body.d)).toEqual([second.body.d.id]);
    expect(await t.db('audit_events').where({ action: 'CONTENT_INACTIVATED' })).toHaveLength(1);

    const list = await t.call('GET', '/api/notisphere/content/faqs?user_type=PROV&pageSize=100', { token: operator });
    expect(list.body.d).toMatchObject({ total: 2, pageSize: 100 });
    const inactive = await t.call('GET', '/api/notisphere/content/faqs?status=INACTIVE', { token: operator });
    expect(ids(inactive.body.d.items)).toEqual([first.body.d.id]);
    const one = await t.call('GET', `/api/notisphere/content/faqs/${first.body.d.id}`, { token: operator });
    expect(one.body.d.title).toBe('What is a recall?');
    // Another kind's id is not a FAQ.
    expect((await add({ user_type: 'PROV', title: 'Empty' })).body.m).toBe(
      messageText('PROPERTY_REQUIRED', { property: 'answer' }),
    );
    expect((await t.call('GET', '/api/notisphere/content/faqs/999999', { token: operator })).status).toBe(404);
    // A FAQ is not a news card: each kind's paths reach only its own entries.
    expect(
      (await t.call('GET', `/api/notisphere/content/news-cards/${first.body.d.id}`, { token: operator })).status,
    ).toBe(404);
  });
});

describe('news cards', () => {
  it('need an image checked by content; shown to their user type with signed image links', async () => {
    const post = (fields: Record<string, string>, file?: Parameters<typeof form>[1]) =>
      t.call('POST', '/api/notisphere/content/news-cards', { token: operator, form: form(fields, file) });
    const fields = {
      user_type: 'SUPP',
      title: 'New portal',
      body: 'Read about it.',
      link_url: 'https://news.example.com/1',
    };
    expect((await post(fields)).body.m).toBe(messageText('NEWS_IMAGE_REQUIRED'));
    const fake = await post(fields, { data: Buffer.from('not an image'), name: 'x.png', type: 'image/png' });
    expect(fake.status).toBe(415);
    expect(
      (
        await post(
          { ...fields, link_url: 'javascript:alert(1)' },
          { data: IMAGE_PNG, name: 'c.png', type: 'image/png' },
        )
      ).status,
    ).toBe(400);
    const big = await post(fields, {
      data: Buffer.concat([IMAGE_PNG, Buffer.alloc(2 * 1024 * 1024)]),
      name: 'c.png',
      type: 'image/png',
    });
    expect(big.status).toBe(413);

    const card = await post(fields, { data: IMAGE_PNG, name: 'card.png', type: 'image/png' });
    expect(card.status).toBe(200);
    expect(card.body.d).toMatchObject({ kind: 'NEWS', title: 'New portal', link_url: 'https://news.example.com/1' });
    const cards = await t.call('GET', '/api/content/news-cards', { token: supplier });
    expect(ids(cards.body.d)).toEqual([card.body.d.id]);
    const img = await fetch(`${t.baseUrl}${cards.body.d[0].file.signed_url_review}`);
    expect(img.status).toBe(200);
    expect(Buffer.from(await img.arrayBuffer()).equals(IMAGE_PNG)).toBe(true);
    expect((await t.call('GET', '/api/content/news-cards', { token: provider })).body.d).toEqual([]);

    // An edit without a file keeps the image.
    const edit = await t.call('PUT', `/api/notisphere/content/news-cards/${card.body.d.id}`, {
      token: operator,
      form: form({ ...fields, title: 'Newer portal' }),
    });
    expect(edit.body.d).toMatchObject({ title: 'Newer portal', file: { name: 'card.png' } });
    await t.call('PUT', `/api/notisphere/content/news-cards/${card.body.d.id}/status`, {
      token: operator,
      body: { status: 'INACTIVE' },
    });
    expect((await t.call('GET', '/api/content/news-cards', { token: supplier })).body.d).toEqual([]);
  });
});

describe('user guides', () => {
  it('take a PDF or MP4 checked by content, or a link, never both', async () => {
    const post = (fields: Record<string, string>, file?: Parameters<typeof form>[1]) =>
      t.call('POST', '/api/notisphere/content/user-guides', { token: operator, form: form(fields, file) });
    const pdf = await post(
      { user_type: 'PROV', title: 'Getting started' },
      { data: PDF, name: 'guide.pdf', type: 'application/pdf' },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.body.d.file).toMatchObject({ name: 'guide.pdf', extension: 'pdf', mimetype: 'application/pdf' });
    const link = await post({
      user_type: 'PROV',
      title: 'Video tour',
      link_url: 'https://videos.example.com/tour',
      sort_order: '1',
    });
    expect(link.body.d).toMatchObject({ link_url: 'https://videos.example.com/tour', file: null });

    const fakePdf = await post(
      { user_type: 'PROV', title: 'x' },
      { data: IMAGE_PNG, name: 'x.pdf', type: 'application/pdf' },
    );
    expect(fakePdf.status).toBe(415);
    const docx = await post({ user_type: 'PROV', title: 'x' }, { data: PDF, name: 'x.docx', type: 'application/pdf' });
    expect(docx.body.m).toBe(messageText('UNSUPPORTED_FILE_TYPE.guide'));
    expect((await post({ user_type: 'PROV', title: 'x' })).body.m).toBe(messageText('GUIDE_SOURCE_REQUIRED'));
    const both = await post(
      { user_type: 'PROV', title: 'x', link_url: 'https://a.example.com' },
      { data: PDF, name: 'x.pdf', type: 'application/pdf' },
    );
    expect(both.body.m).toBe(messageText('GUIDE_FILE_OR_LINK'));

    const read = await t.call('GET', '/api/content/user-guides', { token: provider });
    expect(ids(read.body.d)).toEqual([pdf.body.d.id, link.body.d.id]);
    const file = await fetch(`${t.baseUrl}${read.body.d[0].file.signed_url}`);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await t.call('GET', '/api/content/user-guides', { token: supplier })).body.d).toEqual([]);

    // Switching a guide to a link drops its file.
    const switched = await t.call('PUT', `/api/notisphere/content/user-guides/${pdf.body.d.id}`, {
      token: operator,
      form: form({ user_type: 'PROV', title: 'Getting started', link_url: 'https://docs.example.com' }),
    });
    expect(switched.body.d).toMatchObject({ link_url: 'https://docs.example.com', file: null });
  });
});

describe('contact information and help links', () => {
  it('the operator sets them; every signed-in user reads them', async () => {
    const body = {
      contact_email: 'help@portal.example.com',
      contact_phone: '1-800-555-0100',
      knowledge_base_url: 'https://kb.example.com',
      faq_url: 'https://kb.example.com/faq',
      contact_url: 'https://portal.example.com/contact',
    };
    const put = await t.call('PUT', '/api/notisphere/content/contact', { token: operator, body });
    expect(put.status).toBe(200);
    expect(put.body.d).toMatchObject(body);
    for (const token of [provider, supplier, operator]) {
      expect((await t.call('GET', '/api/content/contact', { token })).body.d).toMatchObject(body);
    }
    const cleared = await t.call('PUT', '/api/notisphere/content/contact', {
      token: operator,
      body: { contact_phone: '' },
    });
    expect(cleared.body.d).toMatchObject({ contact_phone: null, contact_email: 'help@portal.example.com' });
    expect(await t.db('audit_events').where({ action: 'HELP_SETTINGS_UPDATED' })).toHaveLength(2);
    expect(
      (await t.call('PUT', '/api/notisphere/content/contact', { token: operator, body: { faq_url: 'ftp://x' } }))
        .status,
    ).toBe(400);
    expect((await t.call('GET', '/api/content/contact')).status).toBe(401);
  });
});

describe('permissions', () => {
  it('providers and suppliers get 403 on every management call', async () => {
    const paths = ['news-cards', 'faqs', 'user-guides'];
    for (const token of [provider, supplier]) {
      for (const p of paths) {
        expect((await t.call('GET', `/api/notisphere/content/${p}`, { token })).status).toBe(403);
        expect((await t.call('GET', `/api/notisphere/content/${p}/1`, { token })).status).toBe(403);
        expect(
          (
            await t.call('POST', `/api/notisphere/content/${p}`, {
              token,
              body: { user_type: 'PROV', title: 'x', body: 'y' },
            })
          ).status,
        ).toBe(403);
        expect(
          (await t.call('PUT', `/api/notisphere/content/${p}/1/status`, { token, body: { status: 'ACTIVE' } })).status,
        ).toBe(403);
      }
      expect((await t.call('PUT', '/api/notisphere/content/contact', { token, body: {} })).status).toBe(403);
    }
  });

  it('an operator without the page permission gets 403 for that kind only', async () => {
    const recallCoordinator = await t
      .db('roles')
      .where({ 'roles.name': 'Recall Coordinator' })
      .join('organizations', 'organizations.id', 'roles.organization_id')
      .where('organizations.type', 'NOTISPHERE')
      .first('roles.id');
    const user = (await t.db('users').where({ email: 'admin@operator.demo' }).first('id')) as { id: number };
    await t
      .db('memberships')
      .where({ user_id: user.id })
      .update({ role_id: (recallCoordinator as { id: number }).id });
    const token = (await t.signIn('admin@operator.demo')).access_token;
    expect((await t.call('GET', '/api/notisphere/content/faqs', { token })).status).toBe(403);
    expect((await t.call('GET', '/api/content/faqs', { token })).status).toBe(200);
  });
});
