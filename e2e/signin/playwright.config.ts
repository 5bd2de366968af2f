import { defineConfig } from '@playwright/test';

import { apiSuiteConfig } from '../shared/apiSuiteConfig';

/**
 * Sign-in spine end to end: real API + real development IdP per test file,
 * Debian's Chromium. The files share nothing (own API, data folder, IdP keys, outbox, ports 0,
 * unique users), so two workers. Run: npx playwright test -c e2e/signin/playwright.config.ts
 */
export default defineConfig(apiSuiteConfig('signin', { workers: 2, timeout: 60_000 }));
