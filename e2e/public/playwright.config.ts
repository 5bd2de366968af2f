import { defineConfig, devices } from '@playwright/test';
import { debianChromium } from '../shared/debianChromium';
import type { PublicFixtures } from './fixtures/test';

type Options = { captcha: boolean };

/**
 * Public pages end to end (issue 9): every journey starts from a real link — the development
 * mailbox or the operator CLI — against the real API, in Debian's Chromium. Spec files are
 * independent (one API each), so two workers run them side by side; the `captcha` project runs
 * the journeys that meet the captcha again with captcha active. Run: npx playwright test -c e2e/public/playwright.config.ts
 */
export default defineConfig<PublicFixtures & Options>({
  testDir: './specs',
  outputDir: '../../test-results/public',
  globalSetup: './fixtures/globalSetup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: '../../test-results/public-report' }]],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    acceptDownloads: true,
    launchOptions: debianChromium,
  },
  projects: [
    { name: 'public', use: { captcha: false } },
    // Again with captcha active: the journeys that reach a captcha-protected call (tagged @captcha:
    // sign-in, second factor, password check, lost password, invitation activation). The others
    // only call public endpoints the captcha setting does not touch.
    { name: 'captcha', use: { captcha: true }, grep: /@captcha/ },
  ],
});
