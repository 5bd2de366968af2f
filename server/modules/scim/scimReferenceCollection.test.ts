import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';
import { rotateScimToken } from './scimTokens';

const here = path.dirname(fileURLToPath(import.meta.url));

/** What the test reads of newman's run summary (the package ships no types). */
interface RunSummary {
  run: {
    failures: { source?: { name?: string }; error: { test?: string; message: string } }[];
    stats: { requests: { total: number }; assertions: { total: number; failed: number } };
  };
}
type Run = (options: object, done: (error: Error | null, summary: RunSummary) => void) => void;
// newman ships no types (and @types/newman is not installed): loaded as the CommonJS module it is.
const newman = createRequire(import.meta.url)('newman') as { run: Run };

interface Item {
  name: string;
  item?: Item[];
  request?: { url: string | { raw: string } };
}

/** The reference collection with only its paths and its token adapted (reference/README.md). */
async function adaptedCollection(): Promise<{ item: Item[] }> {
  const collection = JSON.parse(await readFile(path.join(here, 'reference', 'PostmanCollection.json'), 'utf8')) as {
    item: Item[];
  };
  // The reference asks its own /Token endpoint for a test token; the tenant's SCIM token is given instead.
  collection.item = collection.item.filter((i) => i.name !== 'Get Token');
  const rename = (items: Item[]) => {
    for (const i of items) {
      if (i.item) rename(i.item);
      const url = i.request?.url;
      if (url && typeof url === 'object') {
        // The reference server's path for RFC 7644's ServiceProviderConfig; a URL object is rebuilt from raw.
        const raw = url.raw.replace('/serviceConfiguration', '/ServiceProviderConfig');
        i.request!.url = raw;
      }
    }
  };
  rename(collection.item);
  return collection;
}

const requestCount = (items: Item[]): number => items.reduce((n, i) => n + (i.item ? requestCount(i.item) : 1), 0);

describe("Microsoft's SCIM reference collection (AzureAD/SCIMReferenceCode) run with newman", () => {
  let t: TestApp;
  let port: number;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    const tenantId = await t.createTenant('Reference collection');
    const admin = await t.createUser({ tenantId, permissions: ['umg#usr#rw'] });
    token = (await rotateScimToken(t.db, tenantId, admin.id)).token;
  });
  afterAll(() => t.close());

  it('passes every assertion of the collection', async () => {
    const collection = await adaptedCollection();
    const summary = await new Promise<RunSummary>((resolve, reject) => {
      newman.run(
        {
          collection,
          environment: {
            values: [
              { key: 'Protocol', value: 'http' },
              { key: 'Server', value: '127.0.0.1' },
              { key: 'Port', value: `:${port}` },
              { key: 'Api', value: 'scim/v2' },
              { key: 'token', value: token },
            ],
          },
          reporters: [],
          timeoutRequest: 10_000,
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
    const failures = summary.run.failures.map(
      (f) => `${f.source?.name ?? '?'}: ${f.error.test ?? ''} ${f.error.message}`,
    );
    expect(failures).toEqual([]);
    const assertions = summary.run.stats.assertions;
    // Every request of the collection ran, and its tests with it.
    expect(summary.run.stats.requests.total).toBe(requestCount(collection.item));
    expect(assertions.total).toBeGreaterThan(90);
    expect(assertions.failed).toBe(0);
  }, 180_000);
});
