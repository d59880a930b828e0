import { expect, test } from '@playwright/test';
import { IMAGE_PNG, signIn } from './support';

test('the operator adds a FAQ and a quick link for a provider; the provider sees both', async ({ browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const question = `How do I acknowledge a notice ${stamp}?`;
  const linkUrl = `https://partner.example.com/${stamp}`;

  const operator = await browser.newPage();
  await signIn(operator, 'admin@operator.demo');
  await expect(operator).toHaveURL(/\/notisphere\/dashboard$/);

  // A FAQ for providers (the form's default user type).
  await operator.goto('/notisphere/faqs');
  await operator.getByRole('button', { name: 'Add FAQ' }).click();
  const faqForm = operator.getByTestId('content-form');
  await faqForm.getByRole('textbox', { name: 'Question' }).fill(question);
  await faqForm.getByRole('textbox', { name: 'Answer' }).fill('Open it and press Acknowledge.');
  await faqForm.getByRole('button', { name: 'Save' }).click();
  await expect(faqForm).toHaveCount(0);
  await expect(operator.getByRole('row', { name: new RegExp(question.replace(/[?]/g, '\\?')) })).toBeVisible();

  // A quick link targeted at Lakeshore Medical Center.
  await operator.goto('/notisphere/quick-links');
  await operator.getByRole('button', { name: 'Add Quick Link' }).click();
  const linkForm = operator.getByTestId('quick-link-form');
  await linkForm.getByRole('textbox', { name: 'URL' }).fill(linkUrl);
  await linkForm
    .getByLabel('Image (.png or .jpg)')
    .setInputFiles({ name: 'partner.png', mimeType: 'image/png', buffer: IMAGE_PNG });
  await linkForm.getByRole('textbox', { name: 'Search organizations' }).fill('Lakeshore');
  await linkForm.getByRole('checkbox', { name: /Lakeshore Medical Center/ }).click();
  await linkForm.getByRole('button', { name: 'Save' }).click();
  await expect(linkForm).toHaveCount(0);
  await expect(operator.getByRole('row', { name: new RegExp(linkUrl) })).toBeVisible();
  await operator.close();

  // The provider: the FAQ at /faqs, the quick link's image top right, opening the URL in a new tab.
  const provider = await browser.newPage();
  await signIn(provider, 'admin@lakeshore.demo');
  await expect(provider).toHaveURL(/\/provider\//);
  const headerLink = provider.locator(`header a[href="${linkUrl}"]`);
  await expect(headerLink).toBeVisible();
  await expect(headerLink).toHaveAttribute('target', '_blank');
  // The image comes through its signed link and really loads.
  await expect
    .poll(() => headerLink.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  await provider.goto('/faqs');
  await provider.getByText(question).click();
  await expect(provider.getByText('Open it and press Acknowledge.')).toBeVisible();
  await provider.close();
});
