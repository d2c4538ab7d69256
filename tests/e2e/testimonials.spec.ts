import { expect, test, type Page } from '@playwright/test';
import { adminPage, signUpAndLogIn } from './support/accounts';

async function writeTestimonial(page: Page, quote: string, stars: string) {
  await page.goto('/write-review');
  await page.getByRole('button', { name: 'Add Your Testimonial' }).click();
  const form = page.getByRole('form', { name: 'New Testimonial' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Please enter your testimonial')).toBeVisible();
  await form.getByLabel('Your testimonial').fill(quote);
  // MUI's star radios are visually hidden inside their labels: click the star itself.
  await form
    .locator('label')
    .filter({ hasText: new RegExp(`^${stars}$`) })
    .click();
  await expect(form.getByRole('radio', { name: stars, exact: true })).toBeChecked();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('Thank you! Your testimonial was submitted for approval.'),
  ).toBeVisible();
  // The message clears and the form closes after 3 seconds.
  await expect(form).toBeHidden({ timeout: 6000 });
  await expect(page.getByText('Pending approval')).toBeVisible();
}

test('a testimonial goes from pending to the home page and back to pending when edited', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const fan = { firstName: 'Tess', lastName: `Fan${stamp}` };
  const lukewarm = { firstName: 'Luke', lastName: `Warm${stamp}` };
  const fanQuote = `Coursecraft wrote my first course in an hour (${stamp}).`;
  const lukewarmQuote = `It was fine, I suppose (${stamp}).`;

  await signUpAndLogIn(page, 'fan', fan);
  await writeTestimonial(page, fanQuote, '5 Stars');

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signUpAndLogIn(other, 'lukewarm', lukewarm);
  await writeTestimonial(other, lukewarmQuote, '3 Stars');
  await otherContext.close();

  const admin = await adminPage(browser);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Testimonials' }).click();
  for (const author of [fan, lukewarm]) {
    const name = `${author.firstName} ${author.lastName}`;
    await admin.getByRole('button', { name: `Approve testimonial by ${name}` }).click();
    await expect(admin.getByRole('article', { name: `Testimonial by ${name}` })).toHaveCount(0);
  }
  await admin.context().close();

  await page.goto('/home');
  const testimonials = page.getByRole('region', { name: 'What authors say' });
  await expect(testimonials.getByText(fanQuote)).toBeVisible();
  await expect(testimonials.getByText(lukewarmQuote)).toHaveCount(0);
  await page.getByRole('link', { name: 'Share your experience' }).click();
  await expect(page).toHaveURL('/write-review');
  await expect(page.getByText('Approved and public')).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit Testimonial' });
  await form.getByLabel('Your testimonial').fill(`${fanQuote} Edited.`);
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(
    page.getByText('Your testimonial was updated and resubmitted for approval.'),
  ).toBeVisible();
  await expect(page.getByText('Pending approval')).toBeVisible({ timeout: 6000 });
  await page.goto('/home');
  await expect(page.getByRole('region', { name: 'What authors say' })).toBeVisible();
  await expect(page.getByText(fanQuote)).toHaveCount(0);
});
