import { expect, test, type Page } from '@playwright/test';

const PUBLIC_PAGES: Array<[string, string, string]> = [
  ['/home', 'Turn what you know into a complete course', 'AI-Assisted Course Authoring'],
  ['/terms', 'Terms of Service', 'Terms of Service'],
  ['/privacy-policy', 'Privacy Policy', 'Privacy Policy'],
  ['/coming-soon', 'Coming Soon', 'Coming Soon'],
];

async function expectNoInlineScripts(page: Page) {
  await expect(page.locator('script:not([src])')).toHaveCount(0);
  await expect(page.locator('script[src]')).toHaveCount(1);
}

test.describe('public pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/home arrives with its headings, feature cards and footer links', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveTitle('AI-Assisted Course Authoring | Coursecraft');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Turn what you know into a complete course' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Authoring' })).toHaveAttribute(
      'href',
      '/create-course',
    );
    for (const heading of [
      'Everything you need to build a course',
      'Three steps to your course',
      'What authors say',
      'Ready to build your first course?',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    for (const feature of ['AI-Assisted Authoring', 'Drag & Drop Builder', 'Publish & Track']) {
      await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible();
    }
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    await expect(footer.getByRole('link', { name: 'How It Works' })).toHaveAttribute(
      'href',
      '/coming-soon',
    );
    // Styled on arrival: the critical CSS is in the page, not added by a script.
    await expect(page.getByRole('banner')).toHaveCSS('position', 'sticky');
    await expectNoInlineScripts(page);
    // Headings go down one level at a time (a subtitle drawn as an <h6> once broke this).
    const levels = await page
      .locator('h1, h2, h3, h4, h5, h6')
      .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0)
        expect(level, `heading ${index + 1}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
    });
  });

  for (const [path, h1, title] of PUBLIC_PAGES.slice(1)) {
    test(`${path} arrives with its content`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} | Coursecraft`);
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expectNoInlineScripts(page);
    });
  }

  test('every other route gets the empty app shell', async ({ request }) => {
    for (const path of ['/auth', '/courses', '/no/such/page']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root"></div>');
    }
    const home = await (await request.get('/home')).text();
    expect(home).toContain('Turn what you know into a complete course');
  });
});

test.describe('public pages with JavaScript', () => {
  test('/home runs its own small script, not the app, and its links load the app', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(new URL(response.url()).pathname);
      }
    });
    // The hero as parsed from the HTML, before any script ran.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as unknown as { parsedHero: Element | null }).parsedHero =
            document.querySelector('h1');
        }
      });
    });

    await page.goto('/home');
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    const testimonials = page.getByRole('region', { name: 'What authors say' });
    await expect(testimonials.getByText(/had a full outline with lessons/)).toBeVisible();
    await expect(testimonials.getByRole('img', { name: /Stars$/ }).first()).toBeVisible();

    // Never drawn again: the hero is still the element the HTML brought.
    const heroKept = await page.evaluate(
      () =>
        (window as unknown as { parsedHero: Element | null }).parsedHero ===
        document.querySelector('h1'),
    );
    expect(heroKept).toBe(true);
    // Only the page's script and the chunks it preloads: no React app, no Firebase for a visitor.
    const own = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLScriptElement>('script[src]'),
        ...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
      ].map((element) => new URL('src' in element ? element.src : element.href).pathname),
    );
    expect(own[0]).toMatch(/^\/assets\/home-[\w-]+\.js$/);
    expect([...new Set(scripts)].sort()).toEqual([...own].sort());
    expect(errors).toEqual([]);

    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page).toHaveTitle('Terms of Service | Coursecraft');
    // A full page load into the app, which then navigates in place.
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBeUndefined();
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
  });

  for (const [path, h1] of PUBLIC_PAGES.slice(1)) {
    test(`${path} is hydrated without errors`, async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(path);
      await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});
