import { expect, linkIn, test } from './mail-server';
import { api, sendRecall, tokenFor, useLanguage, watchApi } from './support';
import { elementTexts, englishLeftovers } from './words';

/**
 * The public notice, delegate and sales representative forms, opened in Vietnamese from the emailed links as people
 * without an account would: like every signed-in screen (words.spec.ts), they show no English but the data they were
 * sent, with an action of each type.
 */
test('in Vietnamese, the notice form a recipient and the delegate form a delegate open from their emails leave no English behind', async ({
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
  const id = await sendRecall(request, supplier, {
    info: {
      name,
      event_id: 'E2E-WF-1',
      subtype: 'PRODUCTADVISORY',
      classification: 'CLASSII',
      disposition: 'Returned',
    },
    products: [{ product_name: 'E2E gown', lot_number: 'L-1' }],
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
    providerOrganizationIds: [riverside.id],
  });
  const link = linkIn(
    await mailServer.waitForMail({ to: 'admin@riverside.demo', subjectOrText: name }),
    '/provider/recall-notice-webform',
  );

  await useLanguage(page, 'vi');
  /** The texts a form shows that are neither Vietnamese nor its data (what the API answered for it). */
  const leftovers = async (url: string, shown: () => Promise<void>) => {
    const answers = watchApi(page, { bodies: true });
    await page.goto(url);
    await shown();
    await answers.settled();
    const texts = await elementTexts(page, { withNames: true });
    answers.stop();
    // The form's own words were read: its actions' titles are data, its labels must be Vietnamese.
    expect(texts).toContain('Units on hand');
    return englishLeftovers(texts, answers.answered.join('\n').toLowerCase());
  };
  expect(await leftovers(link, () => expect(page.getByRole('heading', { name })).toBeVisible())).toEqual([]);

  // The provider delegates one action; the delegate opens the emailed link, without an account either.
  const list = await api<{ items: { id: number; communication_id: number }[] }>(
    request,
    provider,
    'GET',
    `/provider/communications?communicationType=RECALL&search=${encodeURIComponent(name)}`,
  );
  const pcId = list.items.find((r) => r.communication_id === id)!.id;
  const actions = await api<{ id: number; title: string }[]>(
    request,
    provider,
    'GET',
    `/provider/communications/${id}/actions/${pcId}`,
  );
  const units = actions.find((a) => a.title === 'Units on hand')!;
  const delegateEmail = `delegate-words-${Date.now()}@example.com`;
  await api(request, provider, 'POST', `/provider/communications/${id}/${pcId}/${units.id}`, { email: delegateEmail });
  const delegateLink = linkIn(
    await mailServer.waitForMail({ to: delegateEmail, subjectOrText: name }),
    '/delegate-webform',
  );
  expect(await leftovers(delegateLink, () => expect(page.getByTestId('delegate-form')).toBeVisible())).toEqual([]);
});

test("in Vietnamese, the sales representative's form opened from its email leaves no English behind", async ({
  page,
  request,
  mailServer,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const name = `E2E words sales rep ${stamp}`;
  const supplier = await tokenFor(request, 'admin@acme.demo');
  const provider = await tokenFor(request, 'admin@riverside.demo');
  const sites = await api<{ id: number; name: string }[]>(
    request,
    provider,
    'GET',
    '/provider/communications/meta-sites',
  );
  const riverside = sites.find((s) => s.name === 'Riverside Health') ?? sites[0]!;
  const repEmail = `rep-words-${stamp}@acme.demo`;
  const rep = await api<{ id: number }>(request, supplier, 'POST', '/supplier/sales-reps', {
    first_name: 'Sam',
    last_name: `Words ${stamp}`,
    email: repEmail,
  });
  const id = await sendRecall(request, supplier, {
    info: { type: 'PRODUCT DISRUPTION', name, subtype: 'ALLOCATION', lead_time: '> month' },
    products: [{ product_name: 'E2E nitrile gloves M' }],
    actions: [{ action_type: 'Acknowledge', title: 'Noted', is_required: true }],
    providerOrganizationIds: [riverside.id],
  });
  await api(request, supplier, 'POST', `/supplier/communications/${id}/salesreps/notify`, { sales_rep_ids: [rep.id] });
  const link = linkIn(
    await mailServer.waitForMail({ to: repEmail, subjectOrText: name }),
    '/supplier/sales-rep/disruption-webform',
  );

  await useLanguage(page, 'vi');
  const answers = watchApi(page, { bodies: true });
  await page.goto(link);
  await expect(page.getByText(name).first()).toBeVisible();
  await answers.settled();
  const texts = await elementTexts(page, { withNames: true });
  answers.stop();
  // The advisory's own words were read (its product is data); the form's labels must be Vietnamese.
  expect(texts).toContain('E2E nitrile gloves M');
  expect(englishLeftovers(texts, answers.answered.join('\n').toLowerCase())).toEqual([]);
});
