import { defineConfig } from '@playwright/test';

import { apiSuiteConfig } from '../shared/apiSuiteConfig';

/**
 * Monitoring end to end: an analyst adds the rule "High and above → me, at once",
 * uploads the sample archive, and finds the alert mail (incident link, unsubscribe link) in the
 * development mailbox; unsubscribes from that rule (a second incident then mails the rule's other
 * recipient only) and an administrator subscribes them again; an alert's device is muted and the
 * silence ended; a gluon-only user never downloads monitoring's chunks nor chart.js;
 * the pages pass axe at 375 px in both themes. One API for the file (the tests build on each other).
 * Run: npx playwright test -c e2e/monitoring/playwright.config.ts
 */
export default defineConfig(
  apiSuiteConfig('monitoring', { workers: 1, timeout: 150_000, expect: { timeout: 20_000 } }),
);
