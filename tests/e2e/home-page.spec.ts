import { expect, test, type Page } from '@playwright/test';
import { signUpAndLogIn } from './support/accounts';

/** The hint the app keeps in local storage for pages that run without it (web/src/lib/session-hint.ts). */
const SESSION_HINT_KEY = 'coursecraft_session_hint';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();

test.describe('/home without the app', () => {
  test('a signed-in author sees their entries, their courses link and the review link', async ({
    page,
  }) => {
    await signUpAndLogIn(page, 'home-signed-in', { firstName: 'Hope', lastName: 'Home' });
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_HINT_KEY)).toBe(
      '{"admin":false}',
    );

    await page.goto('/home');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'My Courses' })).toHaveAttribute('href', '/courses');
    await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to your courses' })).toHaveAttribute(
      'href',
      '/courses',
    );
    await expect(page.getByRole('link', { name: 'Share your experience' })).toHaveAttribute(
      'href',
      '/write-review',
    );

    // Logout signs out through Firebase Auth, loaded only now, and leads to /auth.
    await nav.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/auth');
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_HINT_KEY)).toBeNull();
    await page.goto('/home');
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await page.goto('/courses');
    await expect(page).toHaveURL(/\/auth\?returnUrl=/);
  });

  test('a hint nobody is signed in for is checked and dropped', async ({ page }) => {
    await page.goto('/terms');
    await page.evaluate((key) => localStorage.setItem(key, '{"admin":true}'), SESSION_HINT_KEY);
    await page.goto('/home');
    // Firebase Auth, checked once the page is idle, knows no account: the visitor's entries.
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign up to publish' })).toBeVisible();
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), SESSION_HINT_KEY))
      .toBeNull();
  });

  test.describe('at 360 px wide', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the menu opens and closes from the keyboard', async ({ page }) => {
      await page.goto('/home');
      const toggle = page.getByRole('button', { name: 'Open navigation menu' });
      await expect(mainNav(page)).toBeHidden();
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const menu = page.locator('#mobile-navigation').getByRole('navigation', { name: 'Main' });
      await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(menu.getByRole('link', { name: 'Login' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
      await expect(menu).toHaveCount(0);
      await page.keyboard.press('Space');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
