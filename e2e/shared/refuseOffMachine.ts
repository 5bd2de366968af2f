import type { BrowserContext, Route } from '@playwright/test';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * No test reaches the internet: every request off this machine is recorded in `record` and
 * refused, unless `answer` answers it locally (it returns the fulfilment, or undefined to refuse).
 * Routes registered on the context later (a suite's stand-ins) are consulted first.
 */
export async function refuseOffMachine(
  context: BrowserContext,
  record: string[],
  answer?: (route: Route) => Promise<void> | undefined,
): Promise<void> {
  await context.route(
    (url) => !LOOPBACK_HOSTS.has(url.hostname),
    (route) => {
      record.push(route.request().url());
      return answer?.(route) ?? route.abort('blockedbyclient');
    },
  );
}
