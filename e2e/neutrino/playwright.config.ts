import { defineConfig } from '@playwright/test';
import { apiSuiteConfig } from '../shared/apiSuiteConfig';

/**
 * Neutrino end to end (issue 26): an analyst uploads the sample archive, hunts a process seen in
 * it on /neutrino, opens the device from the result, sweeps a pasted list of which one value
 * matches, and saves the hunt. One API for the file. Run: npx playwright test -c e2e/neutrino/playwright.config.ts
 */
export default defineConfig(apiSuiteConfig('neutrino', { workers: 1, timeout: 90_000, expect: { timeout: 20_000 } }));
