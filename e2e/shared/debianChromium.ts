import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium (installed by scripts/ensure-chromium.sh; Playwright never downloads a
 * browser here), headless, with nothing that calls home.
 */
export const debianChromium: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
