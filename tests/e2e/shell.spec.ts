import { expect, test } from '@playwright/test';

test.describe('visitor shell', () => {
  test('the home page shows the hero, features, how-to, testimonials and closing call to action', async ({
    page,
  }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Authoring' })).toHaveAttribute(
      'href',
      '/create-course',
    );
    for (const feature of ['AI-Assisted Authoring', 'Drag & Drop Builder', 'Publish & Track']) {
      await expect(page.getByRole('heading', { name: feature })).toBeVisible();
    }
    // Publishing and the drag-and-drop builder are live: nothing is marked as coming.
    await expect(page.getByText('Coming Soon')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign up to publish' })).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
    // The seeded author's approved testimonial (emulator-data/seed.json).
    const testimonials = page.getByRole('region', { name: 'What authors say' });
    await expect(testimonials.getByText(/had a full outline with lessons/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  });

  test('the empty path and unknown paths land on /home', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a guarded page sends the visitor to /auth with the wanted URL as returnUrl', async ({
    page,
  }) => {
    await page.goto('/courses/c1/subjects?tab=2');
    await expect(page).toHaveURL(
      `/auth?returnUrl=${encodeURIComponent('/courses/c1/subjects?tab=2')}`,
    );
  });

  test('Start Authoring leads a visitor to sign in first, then back to course creation', async ({
    page,
  }) => {
    await page.goto('/home');
    await page.getByRole('link', { name: 'Start Authoring' }).click();
    await expect(page).toHaveURL(`/auth?returnUrl=${encodeURIComponent('/create-course')}`);
  });

  test('the admin console sends a visitor to /home', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('every public route resolves for a visitor', async ({ page }) => {
    const publicRoutes = [
      '/home',
      '/auth?mode=login',
      '/auth?mode=signup',
      '/forgot-password',
      '/reset-password?token=abc',
      '/terms',
      '/privacy-policy',
      '/coming-soon',
    ];
    for (const route of publicRoutes) {
      await page.goto(route);
      await expect(page).toHaveURL(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('every guarded route sends a visitor to /auth with returnUrl', async ({ page }) => {
    const guarded = [
      '/profile',
      '/create-course',
      '/courses',
      '/write-review',
      '/courses/c1/subjects',
      '/courses/c1/subjects-chapters',
      '/courses/c1/subjects/s1/content',
      '/courses/c1/subjects/s1/content/t1',
      '/courses/c1/subjects/s1/chapters/ch1/topics/t1/content',
    ];
    for (const route of guarded) {
      await page.goto(route);
      await expect(page).toHaveURL(`/auth?returnUrl=${encodeURIComponent(route)}`);
    }
  });

  test('the legal pages are dated May 1, 2025 and state the age limit and key encryption', async ({
    page,
  }) => {
    await page.goto('/terms');
    await expect(page.getByText(/May 1, 2025/)).toBeVisible();
    await expect(page.getByText(/13/).first()).toBeVisible();
    await expect(page.getByText(/encrypted/i).first()).toBeVisible();
    await page.goto('/privacy-policy');
    await expect(page.getByText(/May 1, 2025/)).toBeVisible();
    await expect(page.getByText(/encrypted/i).first()).toBeVisible();
  });

  test('the coming-soon page links back home', async ({ page }) => {
    await page.goto('/coming-soon');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('footer', () => {
  test('lists the footer sections with their destinations', async ({ page }) => {
    await page.goto('/home');
    const footer = page.getByRole('contentinfo');
    const expected: Array<[string, string]> = [
      ['Courses', '/courses'],
      ['How It Works', '/coming-soon'],
      ['Blog', '/coming-soon'],
      ['AI Course Generator', '/create-course'],
      ['Help Center', '/coming-soon'],
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy-policy'],
      ['Cookie Policy', '/coming-soon'],
    ];
    for (const [name, href] of expected) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    for (const section of ['Explore', 'Resources', 'Contact']) {
      await expect(footer.getByRole('heading', { name: section })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(footer.getByText(/© 2025/)).toBeVisible();
  });

  test('following a footer link scrolls the new page to the top', async ({ page }) => {
    await page.goto('/home');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu collapses behind a toggle and its entries navigate', async ({ page }) => {
    await page.goto('/home');
    const toggle = page.getByRole('button', { name: 'Open navigation menu' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('navigation').getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  });

  test('no page scrolls sideways', async ({ page }) => {
    for (const route of ['/home', '/terms', '/privacy-policy', '/coming-soon', '/auth']) {
      await page.goto(route);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow on ${route}`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('API through Hosting', () => {
  test('/api/health reports a live Firestore', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', firestore: 'ok' });
  });

  test('an unknown API route answers a JSON 404', async ({ request }) => {
    const response = await request.get('/api/no-such-route');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });
});
