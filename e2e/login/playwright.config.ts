import { defineConfig, devices } from '@playwright/test';

/**
 * Sign-in plugins end to end, beyond e2e/signin: two-factor set-up (/config/2fa) and the intro
 * link (/?token=…). Same fixtures as e2e/signin (real API + development IdP per spec file,
 * Debian's Chromium). Run: npx playwright test -c e2e/login/playwright.config.ts
 */
export default defineConfig({
  testDir: './specs',
  outputDir: '../../test-results/login',
  globalSetup: '../signin/fixtures/globalSetup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    acceptDownloads: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
