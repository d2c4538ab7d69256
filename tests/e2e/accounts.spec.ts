import { expect, test } from '@playwright/test';
import {
  disableAccount,
  logIn,
  passwordResetCodes,
  serveGoogleSignInOffline,
  signUpAndLogIn,
  signUpThroughUi,
  uniqueEmail,
} from './support/accounts';

test.describe('accounts', () => {
  test('sign up, return to a guarded page after login, save an API key, change password, log out and back in', async ({
    page,
  }) => {
    // A whole account life cycle in one test: give it more than the default 30 s.
    test.slow();
    const email = uniqueEmail('author');
    await signUpThroughUi(page, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password: 'analytical-9',
    });
    await expect(page).toHaveURL('/auth?mode=login');
    await expect(page.getByLabel('Email')).toHaveValue(email);

    await page.goto('/create-course');
    await expect(page).toHaveURL(`/auth?returnUrl=${encodeURIComponent('/create-course')}`);
    await logIn(page, email, 'analytical-9');
    await expect(page).toHaveURL('/create-course');
    await expect(page.getByRole('link', { name: 'My Courses' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByText('AL', { exact: true })).toBeVisible();
    await expect(page.getByText('Ada Lovelace')).toBeVisible();
    await expect(page.getByText('Not set')).toBeVisible();
    await page
      .getByLabel('Google API key', { exact: true })
      .fill('AIzaSyE2E-test-key_0123456789abcdefghi');
    await page.getByRole('button', { name: 'Save API Key' }).click();
    await expect(page.getByText('Your Google API key was saved.')).toBeVisible();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Google API key', { exact: true })).toHaveValue('');
    await page.reload();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove API Key' })).toBeVisible();

    await page.getByLabel('Current Password', { exact: true }).fill('analytical-9');
    await page.getByLabel('New Password', { exact: true }).fill('difference-engine-2');
    await page.getByLabel('Confirm Password', { exact: true }).fill('difference-engine-2');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password changed successfully')).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/auth');
    await logIn(page, email, 'analytical-9');
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await logIn(page, email, 'difference-engine-2');
    await expect(page).toHaveURL('/courses');
  });

  test('the API key can be removed again', async ({ page }) => {
    await signUpAndLogIn(page, 'remover', { firstName: 'Rem', lastName: 'Over' });
    await page.goto('/profile');
    // A new account has made no AI request today (the budget is the suite's default).
    await expect(page.getByText('AI requests today: 0 of 1000')).toBeVisible();
    await page
      .getByLabel('Google API key', { exact: true })
      .fill('AIzaSyE2E-remove_0123456789abcdefghijk');
    await page.getByRole('button', { name: 'Save API Key' }).click();
    await expect(page.getByRole('button', { name: 'Replace API Key' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove API Key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Your Google API key was removed.')).toBeVisible();
    await expect(page.getByText('Not set')).toBeVisible();
  });

  test('a duplicate sign-up is refused with a clear message', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    await page.getByLabel(/^First Name/).fill('Demo');
    await page.getByLabel(/^Last Name/).fill('Author');
    await page.getByLabel(/^Email/).fill('author@coursecraft.test');
    await page.getByLabel(/^Password/).fill('another-password-1');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText('An account with this email already exists.')).toBeVisible();
  });

  test('forgot password, then reset with the code the Auth emulator issued', async ({ page }) => {
    const email = uniqueEmail('forgetful');
    await signUpThroughUi(page, {
      firstName: 'For',
      lastName: 'Getful',
      email,
      password: 'first-password-1',
    });

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    // The page is lazy-loaded: the previous screen stays until it arrives.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      page.getByText(
        'If your email exists in our system, you will receive a password reset link shortly.',
      ),
    ).toBeVisible();

    await expect.poll(() => passwordResetCodes(email)).toHaveLength(1);
    const [code] = await passwordResetCodes(email);
    await page.goto(`/reset-password?oobCode=${encodeURIComponent(code ?? '')}`);
    await page.getByLabel('New Password', { exact: true }).fill('second-password-2');
    await page.getByLabel('Confirm Password', { exact: true }).fill('second-password-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
    await expect(page).toHaveURL('/auth', { timeout: 6000 });

    await logIn(page, email, 'second-password-2');
    await expect(page).toHaveURL('/courses');

    await page.goto(`/reset-password?oobCode=${encodeURIComponent(code ?? '')}`);
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  });

  test('a used or unknown verification link is refused with a clear message', async ({ page }) => {
    await page.goto('/verify-email?oobCode=not-a-code');
    await expect(page.getByRole('heading', { name: 'Invalid Verification Link' })).toBeVisible();
    await expect(
      page.getByText('This verification link has expired or has already been used.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login Now' })).toBeVisible();
  });

  test('Google sign-in through the Auth emulator popup creates the profile', async ({
    page,
    context,
  }) => {
    await serveGoogleSignInOffline(context);
    const email = uniqueEmail('googler');
    await page.goto('/auth?mode=login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup = await popupOpened;
    await expect(popup).toHaveURL(/\/emulator\/auth\/handler/);
    expect(new URL(popup.url()).searchParams.get('providerId')).toBe('google.com');
    // Firebase opens the popup 500 wide and 600 high.
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([500, 600]);
    await popup.locator('#add-account-button').click();
    await popup.locator('#email-input').fill(email);
    await popup.locator('#display-name-input').fill('Grace Brewster Hopper');
    await popup.locator('#sign-in').click();

    await expect(page).toHaveURL('/courses');
    await page.goto('/profile');
    await expect(page.getByText('Grace Brewster Hopper')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('GB', { exact: true })).toBeVisible();
  });

  test('Google sign-in taking over an unverified sign-up drops its key and keeps the owner signed in', async ({
    page,
    context,
    browser,
  }) => {
    test.slow();
    const email = uniqueEmail('taken-over');
    // Someone signs the owner's address up with a password and saves a key.
    const squatter = await (await browser.newContext()).newPage();
    await signUpThroughUi(squatter, {
      firstName: 'Sly',
      lastName: 'Squatter',
      email,
      password: 'squatter-pass-1',
    });
    await logIn(squatter, email, 'squatter-pass-1');
    await expect(squatter).toHaveURL('/courses');
    await squatter.goto('/profile');
    await squatter
      .getByLabel('Google API key', { exact: true })
      .fill('AIzaSyE2E-planted_0123456789abcdefghijk');
    await squatter.getByRole('button', { name: 'Save API Key' }).click();
    await expect(squatter.getByText('Your Google API key was saved.')).toBeVisible();

    // The owner signs in with Google.
    await serveGoogleSignInOffline(context);
    await page.goto('/auth?mode=login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup = await popupOpened;
    await popup.locator('#add-account-button').click();
    await popup.locator('#email-input').fill(email);
    await popup.locator('#display-name-input').fill('Olive Owner');
    await popup.locator('#sign-in').click();
    await expect(page).toHaveURL('/courses');
    await page.goto('/profile');
    await expect(page.getByText('Olive Owner')).toBeVisible();
    await expect(page.getByText('Not set')).toBeVisible();
    await expect(page).toHaveURL('/profile');
    await squatter.context().close();
  });

  test('without remember me the session does not reach a new browser context', async ({
    page,
    context,
    browser,
  }) => {
    await page.goto('/auth?mode=login');
    await logIn(page, 'author@coursecraft.test', 'author-demo-2025');
    await expect(page).toHaveURL('/courses');

    const restored = await browser.newContext({ storageState: await context.storageState() });
    const newPage = await restored.newPage();
    await newPage.goto('/courses');
    await expect(newPage).toHaveURL(`/auth?returnUrl=${encodeURIComponent('/courses')}`);
    await restored.close();
  });

  test('with remember me the session survives into a new browser context', async ({
    page,
    context,
    browser,
  }) => {
    await page.goto('/auth?mode=login');
    await logIn(page, 'author@coursecraft.test', 'author-demo-2025', { rememberMe: true });
    await expect(page).toHaveURL('/courses');

    const restored = await browser.newContext({ storageState: await context.storageState() });
    const newPage = await restored.newPage();
    await newPage.goto('/courses');
    await expect(newPage.getByRole('heading', { level: 1, name: 'My Courses' })).toBeVisible();
    await expect(newPage).toHaveURL('/courses');
    await restored.close();
  });

  test('the admin sees the Admin entry and opens the dashboard', async ({ page }) => {
    await page.goto('/auth?mode=login');
    await logIn(page, 'admin@coursecraft.test', 'admin-demo-2025');
    await expect(page).toHaveURL('/courses');
    await page.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL('/admin');
  });

  test('wrong credentials give a clear message and keep the visitor on /auth', async ({ page }) => {
    await page.goto('/auth?mode=login');
    await logIn(page, 'author@coursecraft.test', 'not-the-password');
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL('/auth?mode=login');
  });

  test('a user disabled meanwhile is logged out at the next API call', async ({ page }) => {
    const { email } = await signUpAndLogIn(page, 'disabled', {
      firstName: 'Dis',
      lastName: 'Abled',
    });
    await disableAccount(email);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await page.goto('/courses');
    await expect(page).toHaveURL(`/auth?returnUrl=${encodeURIComponent('/courses')}`);
  });
});
