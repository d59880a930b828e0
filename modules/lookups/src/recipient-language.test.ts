import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';

let t: TestApp;
let operator = '';
let recalls = '';
let responder = '';
beforeAll(async () => {
  t = await startTestApp();
  [operator, recalls, responder] = (await Promise.all(
    ['admin@operator.demo', 'recalls@acme.demo', 'responder@riverside.demo'].map(
      async (e) => (await t.signIn(e)).access_token,
    ),
  )) as [string, string, string];
});
afterAll(() => t.close());

const supplier = (method: string, path: string, body?: unknown) =>
  t.call(method, `/api/supplier/communications${path}`, { token: recalls, body });

describe('emails in the recipient language (issue 12)', () => {
  it("a Vietnamese-preferring user's recall notice has the Vietnamese template and the managed labels in Vietnamese", async () => {
    // The user switches to Vietnamese; the profile says so.
    const switched = await t.call('PUT', '/api/me/language', { token: responder, body: { language: 'vi' } });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body.d.language).toBe('vi');
    expect((await t.call('GET', '/api/me', { token: responder })).body.d.language).toBe('vi');
    expect((await t.call('PUT', '/api/me/language', { token: responder, body: { language: 'fr' } })).status).toBe(400);
    expect(await t.db('audit_events').where({ action: 'PROFILE_LANGUAGE_CHANGED' })).toHaveLength(1);

    // The operator renames a recall type in Vietnamese: the email reads the managed record, not the constant.
    const removal = (
      await t.call('GET', '/api/notisphere/lookup-values?vocabulary=recallSubtype&search=REMOVAL', { token: operator })
    ).body.d.items[0];
    await t.call('PUT', `/api/notisphere/lookup-values/${removal.id}`, {
      token: operator,
      body: { label_en: 'Market removal', label_vi: 'Rút khỏi thị trường' },
    });

    const id = (
      await supplier('POST', '/step0', {
        type: 'RECALL',
        name: 'Bơm tiêm lô 7',
        subtype: 'REMOVAL',
        classification: 'CLASSII',
      })
    ).body.d.id as number;
    await supplier('POST', '/step1', { id, products: [{ product_name: 'Syringe 10 ml' }] });
    await supplier('POST', '/step2', { id, actions: [{ action_type: 'Acknowledge', title: 'Noted' }] });
    const customers = await supplier('POST', '/step3/customers', {
      id,
      customers: [
        { name: 'Riverside Health', email: 'responder@riverside.demo' },
        { name: 'Hill Clinic', email: 'buyer@hill.test' },
      ],
    });
    expect(customers.status, JSON.stringify(customers.body)).toBe(200);
    expect((await supplier('PUT', `/${id}/approve-recall/X/0`)).status).toBe(200);
    expect((await supplier('PUT', `/${id}/send-notification/X`)).status).toBe(200);

    const vi = await t.smtp.waitFor('responder@riverside.demo', (m) => m.subject.includes('Bơm tiêm lô 7'));
    expect(vi.subject).toBe('Thông báo thu hồi: Bơm tiêm lô 7');
    expect(vi.text).toContain('Loại: Rút khỏi thị trường, Loại II');
    expect(vi.text).toContain('Vui lòng mở thông báo');

    // Someone without an account reads English (the spec's default language), with the English labels.
    const en = await t.smtp.waitFor('buyer@hill.test', (m) => m.subject.includes('Bơm tiêm lô 7'));
    expect(en.subject).toBe('Recall notice: Bơm tiêm lô 7');
    expect(en.text).toContain('Type: Market removal, Class II');

    // The public notice form (no signed-in label load) gets the managed words for the event's codes from the server.
    const token = /recall-notice-webform\?token=([\w-]+)/.exec(en.text)![1]!;
    const link = await t.db('notice_links').where({ email: 'buyer@hill.test' }).first();
    const org = (await t.db('communications').where({ id }).first()).organization_id;
    const view = await t.call(
      'GET',
      `/api/provider/communication-notices/${org}/${id}/${link.provider_communication_id}?token=${token}`,
    );
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.d.communication.labels).toEqual({
      subtype: { en: 'Market removal', vi: 'Rút khỏi thị trường' },
      classification: { en: 'Class II', vi: 'Loại II' },
      reason: null,
      disposition: null,
      lead_time: null,
    });

    // Each email names the template version it was built from (the same version, two languages).
    const rows = await t.db('outbox_emails').where({ reference_id: String(id), kind: 'NOTICE' });
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r: { template_version_id: string }) => r.template_version_id)).size).toBe(1);
  });

  it('a single templated email (password reset) also follows the recipient language', async () => {
    await t.call('PUT', '/api/me/language', { token: responder, body: { language: 'vi' } });
    const forgot = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'responder@riverside.demo' } });
    expect(forgot.status, JSON.stringify(forgot.body)).toBe(200);
    const vi = await t.smtp.waitFor('responder@riverside.demo', (m) => m.subject === 'Đặt lại mật khẩu của bạn');
    expect(vi.text).toMatch(/reset-password\?token=/);

    await t.call('PUT', '/api/me/language', { token: responder, body: { language: 'en' } });
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'responder@riverside.demo' } });
    await t.smtp.waitFor('responder@riverside.demo', (m) => m.subject === 'Reset your password');
  });
});
