import { expect, test } from './mail-server';
import { api, sendRecall, signIn, tokenFor } from './support';

/**
 * The operator edits the recall-notice template in the browser (its subject gains a placeholder), and the next recall
 * notice a supplier sends arrives over SMTP (e2e/mail-server.ts) with the new subject.
 */

interface Template {
  id: number;
  key: string;
  subject_en: string;
  body_en: string;
  subject_vi: string;
  body_vi: string;
}

test('the operator changes the recall-notice subject and the next recall notice arrives with it', async ({
  page,
  request,
  mailServer,
}) => {
  test.setTimeout(120_000);
  const operator = await tokenFor(request, 'admin@operator.demo');
  const list = await api<{ data: Template[] }>(request, operator, 'GET', '/notisphere/email-templates');
  const recall = list.data.find((t) => t.key === 'RECALL_NOTICE')!;
  const original = await api<Template>(request, operator, 'GET', `/notisphere/email-templates/${recall.id}`);

  try {
    await signIn(page, 'admin@operator.demo');
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/notisphere/email-templates');
    await page.getByRole('link', { name: 'Recall notice', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/notisphere/email-templates/edit/${recall.id}$`));

    // A placeholder the template does not offer is refused, named in the message.
    const subject = page.getByRole('textbox', { name: 'Subject (English)' });
    await subject.fill('Urgent {{ patient_name }}');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: '{{ patient_name }}' }).first()).toBeVisible();

    // The new subject, with a placeholder inserted from the list.
    await subject.fill('Urgent recall for ');
    await page.getByRole('button', { name: 'Insert customer_name' }).click();
    await subject.press('End');
    await subject.pressSequentially(': {{ event_name }}');
    await expect(subject).toHaveValue('Urgent recall for {{ customer_name }}: {{ event_name }}');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(page.getByTestId('preview-subject-en')).toHaveText(
      'Urgent recall for Riverside Hospital: Saline flush syringes, lot 22A',
    );
    await expect(page.getByTestId('preview-subject-vi')).toContainText('Thông báo thu hồi');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Version 2', { exact: true })).toBeVisible();

    // The supplier sends a recall (through the API) to Riverside.
    const supplier = await tokenFor(request, 'recalls@acme.demo');
    const provider = await tokenFor(request, 'admin@riverside.demo');
    const sites = await api<{ id: number; name: string }[]>(
      request,
      provider,
      'GET',
      '/provider/communications/meta-sites',
    );
    const riverside = sites.find((s) => s.name === 'Riverside Health') ?? sites[0]!;
    const name = `E2E template recall ${Date.now()}`;
    const id = await sendRecall(request, supplier, {
      info: {
        name,
        event_id: 'E2E-TPL-1',
        subtype: 'PRODUCTADVISORY',
        classification: 'CLASSIII',
        disposition: 'Destroyed',
      },
      products: [{ product_name: 'E2E syringe', lot_number: 'L-9' }],
      actions: [{ action_type: 'Acknowledge', title: 'Acknowledge the notice', is_required: true }],
      providerOrganizationIds: [riverside.id],
    });

    const mail = await mailServer.waitForMail({ to: 'admin@riverside.demo', subjectOrText: name, timeout: 60_000 });
    expect(mail.subject).toMatch(/^Urgent recall for Riverside[^:]*: /);
    expect(mail.subject.endsWith(`: ${name}`)).toBe(true);
    expect(mail.text).toContain('/provider/recall-notice-webform?token=');
  } finally {
    // The mail specs share one server: later ones expect the default wording.
    await api(request, operator, 'PUT', `/notisphere/email-templates/${recall.id}`, {
      subject_en: original.subject_en,
      body_en: original.body_en,
      subject_vi: original.subject_vi,
      body_vi: original.body_vi,
    });
  }
});
