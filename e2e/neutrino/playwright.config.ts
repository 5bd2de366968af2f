import { defineConfig } from '@playwright/test';

import { apiSuiteConfig } from '../shared/apiSuiteConfig';

/**
 * Neutrino end to end: an analyst uploads the sample archive, hunts a process seen in
 * it on /neutrino, opens the device from the result, sweeps a pasted list of which one value
 * matches, saves the hunt, and sees its monitoring alert when a second phone's archive matches.
 * One API for the file. Run: npx playwright test -c e2e/neutrino/playwright.config.ts
 */

// Saved hunts scan new inspections every second here (15 s by default): the API processes the
// workers start inherit this, and the alert test waits for the scan plus monitoring's 2 s loop.
process.env.NEUTRINO_SAVED_HUNT_SCAN_MS = '1000';
export default defineConfig(apiSuiteConfig('neutrino', { workers: 1, timeout: 90_000, expect: { timeout: 20_000 } }));
