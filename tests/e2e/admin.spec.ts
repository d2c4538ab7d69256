import { expect, test, type Page } from '@playwright/test';
import { adminPage, logIn, signUpAndLogIn, verificationCodes } from './support/accounts';

async function openUserManagement(admin: Page) {
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'User Management' }).click();
  await expect(admin.getByRole('table', { name: 'Users' })).toBeVisible();
}

test.describe('admin console', () => {
  test('the dashboard shows the counts and opens the other tabs', async ({ browser }) => {
    const admin = await adminPage(browser);
    await admin.getByRole('link', { name: 'Admin' }).click();
    await expect(admin.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(admin.getByRole('heading', { name: 'Total Users' })).toBeVisible();
    await expect(
      admin.getByRole('progressbar', { name: /^Active users: \d+ of \d+$/ }),
    ).toBeVisible();
    await expect(admin.getByRole('table', { name: 'Recent Users' })).toBeVisible();
    await admin.getByRole('button', { name: 'View All Users' }).click();
    await expect(admin.getByRole('table', { name: 'Users' })).toBeVisible();
    await admin.getByRole('tab', { name: 'Dashboard' }).click();
    await admin.getByRole('button', { name: 'Review Testimonials' }).click();
    await expect(admin.getByRole('tab', { name: 'Testimonials' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await admin.context().close();
  });

  test('an admin disables an author, whose next action logs them out', async ({
    page,
    browser,
  }) => {
    const names = { firstName: 'Dora', lastName: `Disabled${Date.now()}` };
    await signUpAndLogIn(page, 'to-disable', names);
    const fullName = `${names.firstName} ${names.lastName}`;

    const admin = await adminPage(browser);
    await openUserManagement(admin);
    await admin.getByRole('button', { name: `Disable ${fullName}` }).click();
    await expect(admin.getByRole('button', { name: `Enable ${fullName}` })).toBeVisible();

    // No reload: the page still holds its ID token, which the API now refuses.
    await page.getByRole('link', { name: 'Create Your First Course' }).click();
    await page.getByLabel('Course Name').fill('Never saved');
    await page.getByRole('button', { name: 'Create Course' }).click();
    await expect(page).toHaveURL(/\/auth/);

    // Enabled again, the author can sign in once more.
    await admin.getByRole('button', { name: `Enable ${fullName}` }).click();
    await expect(admin.getByRole('button', { name: `Disable ${fullName}` })).toBeVisible();
    await admin.context().close();
  });

  test('an admin grants admin rights to a verified account after confirming, revokes them, but not their own', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const names = { firstName: 'Pam', lastName: `Promoted${Date.now()}` };
    const { email, password } = await signUpAndLogIn(page, 'to-promote', names);
    const fullName = `${names.firstName} ${names.lastName}`;
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    const notice = page.getByRole('region', { name: 'E-mail verification' });
    await expect(notice).toContainText('Verify your e-mail');

    // Unverified: the console asks, then shows the refusal.
    const admin = await adminPage(browser);
    await openUserManagement(admin);
    await admin.getByRole('button', { name: `Make Admin ${fullName}` }).click();
    const grant = admin.getByRole('dialog', { name: 'Make admin?' });
    await grant.getByRole('button', { name: 'Make Admin' }).click();
    await expect(grant.getByRole('alert')).toHaveText(
      'This account has not verified its e-mail address yet. Only accounts with a verified e-mail can be made admin.',
    );
    await grant.getByRole('button', { name: 'Cancel' }).click();

    // Pam opens the link of her verification e-mail; her navbar notice goes away.
    await expect.poll(() => verificationCodes(email)).toHaveLength(1);
    const [code] = await verificationCodes(email);
    await page.goto(`/verify-email?oobCode=${encodeURIComponent(code ?? '')}`);
    await expect(page.getByRole('heading', { name: 'E-mail Verified' })).toBeVisible();
    await expect(notice).toHaveCount(0);

    await admin.getByRole('button', { name: `Make Admin ${fullName}` }).click();
    await admin
      .getByRole('dialog', { name: 'Make admin?' })
      .getByRole('button', { name: 'Make Admin' })
      .click();
    await expect(admin.getByRole('button', { name: `Remove Admin ${fullName}` })).toBeVisible();

    // The new admin sees the console after signing in again.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.goto('/auth?mode=login');
    await logIn(page, email, password);
    await expect(page).toHaveURL('/courses');
    await page.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL('/admin');

    await admin.reload();
    await admin.getByRole('tab', { name: 'User Management' }).click();
    await admin.getByRole('button', { name: `Remove Admin ${fullName}` }).click();
    await admin
      .getByRole('dialog', { name: 'Remove admin?' })
      .getByRole('button', { name: 'Remove Admin' })
      .click();
    await expect(admin.getByRole('button', { name: `Make Admin ${fullName}` })).toBeVisible();

    const alerts: string[] = [];
    admin.once('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await admin.getByRole('button', { name: 'Remove Admin Alan Admin' }).click();
    await expect.poll(() => alerts).toEqual(['You cannot remove your own admin privileges!']);
    await expect(admin.getByRole('button', { name: 'Remove Admin Alan Admin' })).toBeVisible();
    await admin.context().close();
  });
});
