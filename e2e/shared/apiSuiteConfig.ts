import { devices, type PlaywrightTestConfig } from '@playwright/test';

import { debianChromium } from './debianChromium';

/**
 * What every suite that drives the real API shares: specs in `./specs`, a global setup that makes
 * the database template, results and the HTML report under `test-results/{name}`, Debian's
 * Chromium at 1280 px with downloads. A suite passes only what differs (workers, timeout, projects).
 */
export function apiSuiteConfig<T>(
  name: string,
  overrides: Partial<PlaywrightTestConfig<T>> = {},
): PlaywrightTestConfig<T> {
  return {
    testDir: './specs',
    outputDir: `../../test-results/${name}`,
    globalSetup: './fixtures/globalSetup.ts',
    fullyParallel: false,
    retries: 0,
    expect: { timeout: 10_000 },
    reporter: [['list'], ['html', { open: 'never', outputFolder: `../../test-results/${name}-report` }]],
    use: {
      ...devices['Desktop Chrome'],
      viewport: { width: 1280, height: 800 },
      // A failed test keeps its trace (actions, DOM snapshots, network, console) and its screenshot;
      // the trace's screencast of every test, passed or not, cost 12 % of the shell suite's CPU.
      trace: { mode: 'retain-on-failure', screenshots: false },
      screenshot: 'only-on-failure',
      acceptDownloads: true,
      launchOptions: debianChromium,
    },
    ...overrides,
  } as PlaywrightTestConfig<T>;
}
