import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Playwright's own browser download is impossible offline; Debian's Chromium is used where present.
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) =>
  fs.existsSync(file),
);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? '.local/test/playwright-results',
  fullyParallel: true,
  // E2E_WORKERS overrides, to compare on a given machine.
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:6050',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(systemChromium ? { executablePath: systemChromium } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // The voice flow records from Chromium's fake microphone (a steady beep), no prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
