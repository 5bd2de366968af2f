import type { TestInfo } from '@playwright/test';

/**
 * One resource (an API process…) per spec FILE in a worker: made by the file's first test,
 * stopped when a test of another file starts or the worker ends, so the tests of a file share
 * it and files stay independent.
 */
export class ResourcePerFile<T extends { stop(): Promise<void> }> {
  private current: { file: string; resource: T } | null = null;

  constructor(private readonly start: (file: string) => Promise<T>) {}

  async forFile(file: string): Promise<T> {
    if (this.current?.file === file) return this.current.resource;
    await this.stop();
    const resource = await this.start(file);
    this.current = { file, resource };
    return resource;
  }

  async stop(): Promise<void> {
    const current = this.current;
    this.current = null;
    await current?.resource.stop();
  }
}

/** What a suite's per-file API offers the `api` fixture. */
export interface FileApi {
  proxy: { clear(): void };
  /** Everything the API printed. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * The body of a suite's test-scoped `api` fixture: the file's API from the worker's pool, its
 * proxy rules cleared before and after the test, and its log attached to a failed test.
 */
export async function useFileApi<A extends FileApi>(
  pool: ResourcePerFile<A>,
  use: (api: A) => Promise<void>,
  testInfo: TestInfo,
): Promise<void> {
  await useApiForTest(await pool.forFile(testInfo.file), use, testInfo);
}

/**
 * One test's use of an API shared with other tests (per file or per worker): its proxy rules
 * cleared before and after the test, and its log attached to a failed test.
 */
export async function useApiForTest<A extends FileApi>(
  api: A,
  use: (api: A) => Promise<void>,
  testInfo: TestInfo,
): Promise<void> {
  api.proxy.clear();
  await use(api);
  api.proxy.clear();
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('api-log.txt', { body: api.log().slice(-20_000), contentType: 'text/plain' });
}
