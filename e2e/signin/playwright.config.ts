import { defineConfig, devices } from '@playwright/test';
import { debianChromium } from '../shared/debianChromium';

/**
 * Sign-in spine end to end (issue 4 item 7): real API + real development IdP per test file,
 * Debian's Chromium, one worker (2 shared cores). Run: npx playwright test -c e2e/signin/playwright.config.ts
 */
export default defineConfig({
  testDir: './specs',
  outputDir: '../../test-results/signin',
  globalSetup: './fixtures/globalSetup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: '../../test-results/signin-report' }]],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    acceptDownloads: true,
    launchOptions: debianChromium,
  },
});
