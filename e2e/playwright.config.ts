import { defineConfig } from '@playwright/test';

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
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
