import { defineConfig } from '@playwright/test';

import { apiSuiteConfig } from '../shared/apiSuiteConfig';

/**
 * The signed-in shell end to end: header logo, profile menu, Contact Us, account
 * options, no dead ends, and the axe checks on every page of the console (public and signed-in,
 * light and dark, 1280 and 375 px). Every test is independent (one API per worker, shared by
 * its files: fixtures/test.ts), so the tests, not the files, are spread over the two workers.
 * Run: npx playwright test -c e2e/shell/playwright.config.ts
 */
export default defineConfig(
  apiSuiteConfig('shell', { workers: 2, fullyParallel: true, timeout: 90_000, expect: { timeout: 20_000 } }),
);
