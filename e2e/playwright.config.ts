import { defineConfig } from '@playwright/test';

import { debianChromium } from './shared/debianChromium';

/**
 * Chromium from Debian (`/usr/bin/chromium`, installed by scripts/ensure-chromium.sh); Playwright
 * never downloads a browser here. Specs start the servers they need. (e2e/signin has its own config with the real API.)
 */
export default defineConfig({
  testDir: './runtime',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/playwright',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: debianChromium,
  },
});
