import type { APIRequestContext } from '@playwright/test';
import { expect, linkIn, test } from './mail-server';
import { PASSWORD } from './support';

/**
 * A sent recall's notice email must arrive over SMTP and its link must open the notice form. Runs against the mail
 * server of e2e/mail-server.ts (in-process SMTP server, second BFF; `baseURL` points at it).
 */

async function api(request: APIRequestContext, token: string, method: 'POST' | 'PUT', path: string, data: unknown) {
  const answer = await request.fetch(`/api${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), await answer.text()).toBeTruthy();
  return ((await answer.json()) as { d: Record<string, unknown> }).d;
}

test('a sent recall emails its recipient a working notice link', async ({ page, request, mailServer }) => {
  test.setTimeout(120_000);
  const login = await request.post('/api/auth/token', {
    data: { grant_type: 'password', email: 'recalls@acme.demo', password: PASSWORD, client_id: 'web' },
  });
  const token = ((await login.json()) as { d: { access_token: string } }).d.access_token;
  const name = `E2E mailed recall ${Date.now()}`;
  const recipient = `buyer.${Date.now()}@example.com`;
  const { id } = await api(request, token, 'POST', '/supplier/communications/step0', {
    type: 'RECALL',
    name,
    subtype: 'REMOVAL',
    classification: 'CLASSII',
    description: '<p>Check the lots.</p>',
  });
  await api(request, token, 'POST', '/supplier/communications/step1', { id, products: [{ product_name: 'Gauze pad' }] });
  await api(request, token, 'POST', '/supplier/communications/step2', {
    id,
    actions: [{ action_type: 'Acknowledge', title: 'Acknowledge', is_required: true }],
  });
  await api(request, token, 'POST', '/supplier/communications/step3', { id, customers: [{ name: 'Outside clinic', email: recipient }] });
  await api(request, token, 'PUT', `/supplier/communications/${String(id)}/approve-recall/RECALL/0`, {});
  await api(request, token, 'PUT', `/supplier/communications/${String(id)}/send-notification/RECALL?sendType=new`, {});

  const mail = await mailServer.waitForMail({ to: recipient, subjectOrText: name, timeout: 60_000 });
  const link = linkIn(mail, '/provider/recall-notice-webform');
  expect(new URL(link).origin, 'the link points at the server that sent it').toBe(mailServer.baseURL);

  await page.goto(link);
  await expect(page.getByTestId('notice-form')).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
});
