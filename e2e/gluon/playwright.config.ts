import { defineConfig } from '@playwright/test';

import { apiSuiteConfig } from '../shared/apiSuiteConfig';

/**
 * Gluon end to end: an analyst imports rule sets, uploads a sysdiagnose-like archive,
 * opens the device and its incident, marks a finding false positive, imports a newer rule set and
 * sees it matched again; an uploader sees only the upload screen; without gln#cre#r no crash explorer.
 * One API for the file (the tests build on each other). Run: npx playwright test -c e2e/gluon/playwright.config.ts
 */
export default defineConfig(apiSuiteConfig('gluon', { workers: 1, timeout: 90_000, expect: { timeout: 20_000 } }));
