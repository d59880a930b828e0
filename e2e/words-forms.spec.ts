import { expect, linkIn, test } from './mail-server';
import { api, tokenFor, useLanguage, watchApi } from './support';
import { elementTexts, englishLeftovers } from './words';

/**
 * The public notice form, opened in Vietnamese from the emailed link as a recipient without an account would: like
 * every signed-in screen (words.spec.ts), it shows no English but the data it was sent, with an action of each type.
 */
test('in Vietnamese, the notice form a recipient opens from the email leaves no English behind', async ({
  page,
  request,
  mailServer,
}) => {
  test.setTimeout(120_000);
  const name = `E2E words form ${Date.now()}`;
  const supplier = await tokenFor(request, 'recalls@acme.demo');
  const provider = await tokenFor(request, 'admin@riverside.demo');
  const sites = await api<{ id: number; name: string }[]>(
    request,
    provider,
    'GET',
    '/provider/communications/meta-sites',
  );
  const riverside = sites.find((s) => s.name === 'Riverside Health') ?? sites[0]!;
  const { id } = await api<{ id: number }>(request, supplier, 'POST', '/supplier/communications/step0', {
    type: 'RECALL',
    name,
    event_id: 'E2E-WF-1',
    subtype: 'PRODUCTADVISORY',
    classification: 'CLASSII',
    disposition: 'Returned',
  });
  await api(request, supplier, 'POST', '/supplier/communications/step1', {
    id,
    products: [{ product_name: 'E2E gown', lot_number: 'L-1' }],
  });
  await api(request, supplier, 'POST', '/supplier/communications/step2', {
    id,
    actions: [
      { action_type: 'Acknowledge', title: 'Acknowledge the notice', is_required: true },
      { action_type: 'Text', title: 'What did you do', is_required: true },
      { action_type: 'Numeric', title: 'Units on hand', is_required: true },
      { action_type: 'YesNo', title: 'Quarantined', is_required: true },
      { action_type: 'Checkbox', title: 'Steps done', options: ['Counted', 'Labelled'], is_required: true },
      { action_type: 'MultipleChoice', title: 'Disposition', options: ['Returned', 'Destroyed'], is_required: false },
      { action_type: 'Image', title: 'Photo of the stock', is_required: false },
      { action_type: 'Document', title: 'Destruction certificate', is_required: false },
    ],
  });
  await api(request, supplier, 'POST', '/supplier/communications/step3', {
    id,
    provider_organization_ids: [riverside.id],
  });
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/approve-recall/0/0`, {});
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/send-notification/0`, {});
  const link = linkIn(
    await mailServer.waitForMail({ to: 'admin@riverside.demo', subjectOrText: name }),
    '/provider/recall-notice-webform',
  );

  await useLanguage(page, 'vi');
  const answers = watchApi(page, { bodies: true });
  await page.goto(link);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await answers.settled();
  const texts = await elementTexts(page, { withNames: true });
  answers.stop();
  // The form's own words were read: its actions' titles are data, its labels must be Vietnamese.
  expect(texts).toContain('Units on hand');
  expect(englishLeftovers(texts, answers.answered.join('\n').toLowerCase())).toEqual([]);
});
