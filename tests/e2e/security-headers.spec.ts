import { expect, test, type APIResponse, type BrowserContext, type Page } from '@playwright/test';
import {
  adminPage,
  idTokenFor,
  serveGoogleSignInOffline,
  signUpAndLogIn,
  uniqueEmail,
} from './support/accounts';
import { RICH_LESSON, courseWithLesson, expectLessonRendered } from './support/lesson';

/**
 * The Hosting emulator serves firebase.json's headers (the local suite adds only the emulators'
 * origins to the policy): each is checked as a browser receives it, then every kind of page is
 * used under that Content-Security-Policy and must not trip it.
 */

const authEmulatorOrigin = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9399'}`;

/** The policy's directives by name. */
function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toContain('microphone=(self)');
  expect(headers['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
  expect(headers['content-security-policy'], what).toBeTruthy();
}

/** Every CSP violation any page or frame of the context reports, as text. */
async function recordCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'}`,
      );
    });
  });
  context.on('console', (message) => {
    const text = message.text();
    if (/CSP violation|Content Security Policy/.test(text)) {
      violations.push(`${message.page()?.url() ?? '?'}: ${text}`);
    }
  });
  return violations;
}

test.describe('security headers', () => {
  test('every answer carries the security headers; the shell is never cached, assets for a year', async ({
    request,
  }) => {
    const shell = await request.get('/');
    expect(shell.status()).toBe(200);
    const html = await shell.text();
    for (const [what, url] of [
      ['the root', '/'],
      ['an app route', '/courses'],
      ['a deep app route', '/courses/c1/subjects/s1/content/t1'],
      ['index.html', '/index.html'],
    ] as const) {
      const response = await request.get(url);
      expectSecurityHeaders(response, what);
      expect(response.headers()['cache-control'], what).toBe('no-cache');
      expect(await response.text(), what).toBe(html);
    }

    const policy = directivesOf(shell.headers()['content-security-policy'] ?? '');
    expect(policy.get('script-src')).toEqual(["'self'", 'https://apis.google.com']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        authEmulatorOrigin,
      ]),
    );
    expect(policy.get('img-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://firebasestorage.googleapis.com']),
    );
    expect(policy.get('frame-src')).toEqual(
      expect.arrayContaining(['https://*.firebaseapp.com', authEmulatorOrigin]),
    );

    // The shell loads only its own module scripts: nothing inline for the policy to allow.
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((attributes) => !/\ssrc=/.test(attributes))).toEqual([]);

    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const script = await request.get(asset ?? '');
    expect(script.status()).toBe(200);
    expectSecurityHeaders(script, asset ?? 'asset');
    expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // No source map is published.
    expect(await script.text()).not.toContain('sourceMappingURL');

    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
    expect(health.headers()['cache-control']).toBe('no-store');
    expect(health.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('every page works under the Content-Security-Policy', async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext();
    const violations = await recordCspViolations(context);
    const page = await context.newPage();
    const settled = async (what: string) => {
      await page.waitForLoadState('networkidle');
      expect(violations, what).toEqual([]);
    };

    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await settled('home');

    const { email, password } = await signUpAndLogIn(page, 'csp', {
      firstName: 'Policy',
      lastName: 'Keeper',
    });
    await settled('sign-up, login and courses');

    // An outline with a lesson of math and a Mermaid diagram, and a drawn cover.
    const token = await idTokenFor(email, password);
    const headers = { authorization: `Bearer ${token}` };
    const { courseId, lessonPath } = await courseWithLesson(
      page.request,
      token,
      { name: 'Policed Geometry' },
      RICH_LESSON,
    );
    await page.goto(lessonPath);
    await expectLessonRendered(page);
    await settled('the outline with KaTeX and Mermaid');

    const saved = await page.request.put('/api/auth/api-key', {
      headers,
      data: { api_key: `AIza-e2e-csp-${Date.now()}` },
    });
    expect(saved.status()).toBe(200);
    const drawn = await page.request.post(`/api/images/courses/${courseId}/generate`, {
      headers,
      data: {},
    });
    expect(drawn.status()).toBe(200);
    await page.goto('/courses');
    const cover = page.locator('img[src*="cover"]').first();
    await expect(cover).toBeVisible();
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    await settled('courses with a cover');

    await page.goto(`/courses/${courseId}/print`);
    await expect(page.locator('[data-print-ready="true"]')).toHaveCount(1);
    await settled('the print edition');

    await page.goto(`/courses/${courseId}/subjects`);
    await page.getByRole('button', { name: 'Export Policed Geometry' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'SCORM 1.2 package (.zip)' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/\.zip$/);
    await settled('the SCORM export');

    // Voice recording from Chromium's fake microphone, played back from a blob: URL.
    await page.goto('/create-course');
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await expect(page.getByText('00:01')).toBeVisible();
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await expect(page.getByText('Audio recorded successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Play' }).click();
    await settled('voice recording');
    await context.close();
  });

  test('Google sign-in and the admin console work under the Content-Security-Policy', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    const violations = await recordCspViolations(context);
    await serveGoogleSignInOffline(context);
    const page = await context.newPage();
    await page.goto('/auth?mode=login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup: Page = await popupOpened;
    await popup.locator('#add-account-button').click();
    await popup.locator('#email-input').fill(uniqueEmail('csp-googler'));
    await popup.locator('#display-name-input').fill('Ada Policy');
    await popup.locator('#sign-in').click();
    await expect(page).toHaveURL('/courses');
    await page.waitForLoadState('networkidle');
    expect(violations, 'Google sign-in').toEqual([]);
    await context.close();

    const admin = await adminPage(browser);
    const adminViolations = await recordCspViolations(admin.context());
    await admin.goto('/admin');
    await expect(admin.getByRole('heading', { name: 'Total Users' })).toBeVisible();
    await admin.getByRole('tab', { name: 'User Management' }).click();
    await expect(admin.getByRole('table', { name: 'Users' })).toBeVisible();
    await admin.waitForLoadState('networkidle');
    expect(adminViolations, 'admin console').toEqual([]);
    await admin.context().close();
  });
});
