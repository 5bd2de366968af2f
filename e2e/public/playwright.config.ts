import { defineConfig } from '@playwright/test';

import { apiSuiteConfig } from '../shared/apiSuiteConfig';
import type { PublicFixtures } from './fixtures/test';

type Options = { captcha: boolean };

/**
 * Public pages end to end: every journey starts from a real link — the development
 * mailbox or the operator CLI — against the real API, in Debian's Chromium. Spec files are
 * independent (one API each), so two workers run them side by side; the `captcha` project runs
 * the journeys that meet the captcha again with captcha active. Run: npx playwright test -c e2e/public/playwright.config.ts
 */
export default defineConfig<PublicFixtures & Options>(
  apiSuiteConfig<PublicFixtures & Options>('public', {
    workers: 2,
    timeout: 90_000,
    projects: [
      { name: 'public', use: { captcha: false } },
      // Again with captcha active: the journeys that reach a captcha-protected call (tagged @captcha:
      // sign-in, second factor, password check, lost password, invitation activation). The others
      // only call public endpoints the captcha setting does not touch.
      { name: 'captcha', use: { captcha: true }, grep: /@captcha/ },
    ],
  }),
);
