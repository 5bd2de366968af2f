import { defineConfig } from '@playwright/test';

import type { PublicFixtures } from '../public/fixtures/test';
import { apiSuiteConfig } from '../shared/apiSuiteConfig';

/**
 * Administration end to end: an administrator's screens against the real API in
 * Debian's Chromium, on the public suite's fixtures (one API per spec file, the operator CLI,
 * the development mailbox and IdP). The spec files are independent: two workers. The
 * `large tenant` project runs manyUsers.spec.ts against an API with 10,000 more users.
 * The users journey is one long test (each step needs the one before): 4 min of headroom on a busy machine.
 * Run: npx playwright test -c e2e/admin/playwright.config.ts
 */
type Options = { seedUsers: number };

export default defineConfig<PublicFixtures & Options>(
  apiSuiteConfig<PublicFixtures & Options>('admin', {
    workers: 2,
    timeout: 240_000,
    projects: [
      { name: 'admin', testIgnore: /manyUsers/ },
      // A tenant of 10,000 users (seeded in one statement before the API listens).
      { name: 'large tenant', testMatch: /manyUsers/, use: { seedUsers: 10_000 } },
    ],
  }),
);
