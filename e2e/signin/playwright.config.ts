import { defineConfig } from '@playwright/test';
import { apiSuiteConfig } from '../shared/apiSuiteConfig';

/**
 * Sign-in spine end to end (issue 4 item 7): real API + real development IdP per test file,
 * Debian's Chromium, one worker (2 shared cores). Run: npx playwright test -c e2e/signin/playwright.config.ts
 */
export default defineConfig(apiSuiteConfig('signin', { workers: 1, timeout: 60_000 }));
