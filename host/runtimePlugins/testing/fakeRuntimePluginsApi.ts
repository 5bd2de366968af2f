import type {
  RuntimeFetch,
  RuntimeManifest,
  RuntimePluginEntry,
  RuntimePluginsAnswer,
  RuntimePluginsApi,
} from '../RuntimePluginsApi';

/** The shims' part of every answer (what build.mjs writes into dist/console-sdk/index.json). */
export const SHIM_IMPORTS = {
  react: '/console-sdk/react.js',
  'react/jsx-runtime': '/console-sdk/react-jsx-runtime.js',
  '@console/plugin-sdk': '/console-sdk/console-plugin-sdk.js',
};

/** A runtime plugin as the API lists it, granted under `grant`. */
export function runtimeEntry(manifest: Partial<RuntimeManifest> & { id: string }, grant = 'g1'): RuntimePluginEntry {
  const full: RuntimeManifest = {
    schemaVersion: 1,
    title: manifest.id[0]!.toUpperCase() + manifest.id.slice(1),
    version: '1.0.0',
    sdk: '^1.0.0',
    prefixes: ['hel'],
    requires: ['hel'],
    routes: [{ path: '', page: 'HelloPage' }],
    entry: 'index-AAAA.js',
    ...manifest,
  };
  const base = `/plugins-backend/assets/${grant}/${full.id}/${full.version}`;
  return {
    id: full.id,
    version: full.version,
    manifest: full,
    entryUrl: `${base}/${full.entry}`,
    styleUrls: (full.styles ?? []).map((style) => `${base}/${style}`),
  };
}

/** The answer listing `plugins`: the shims, and an integrity entry per asset URL. */
export function runtimeAnswer(plugins: readonly RuntimePluginEntry[]): RuntimePluginsAnswer {
  const urls = [...Object.values(SHIM_IMPORTS), ...plugins.flatMap((plugin) => [plugin.entryUrl, ...plugin.styleUrls])];
  return {
    plugins,
    importMap: {
      imports: SHIM_IMPORTS,
      integrity: Object.fromEntries(urls.map((url) => [url, `sha384-${url.length}`])),
    },
    expiresAt: '2030-01-01T00:00:00.000Z',
  };
}

/**
 * GET /plugins-backend/runtime from memory: `set` is an install or removal on the server; the
 * ETag changes with it, so an unchanged answer is a 304. `calls` holds the If-None-Match of each ask.
 */
export class FakeRuntimePluginsApi implements RuntimePluginsApi {
  readonly calls: (string | null)[] = [];
  private answer: RuntimePluginsAnswer;
  private revision = 1;
  private failure: Error | null = null;

  constructor(plugins: readonly RuntimePluginEntry[] = []) {
    this.answer = runtimeAnswer(plugins);
  }

  set(plugins: readonly RuntimePluginEntry[]): void {
    this.answer = runtimeAnswer(plugins);
    this.revision += 1;
  }

  /** The next asks fail (the API is down) until `fail(null)`. */
  fail(error: Error | null): void {
    this.failure = error;
  }

  async fetchRuntime(etag: string | null): Promise<RuntimeFetch> {
    this.calls.push(etag);
    if (this.failure) throw this.failure;
    const current = `"r${this.revision}"`;
    if (etag === current) return { changed: false };
    return { changed: true, etag: current, answer: this.answer };
  }
}
