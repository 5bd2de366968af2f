// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Budgets of the issue: /login first load, brotli. */
// 97: axios left the first load (loaded with the first call), 110.9 -> 96.1 KiB: docs/decisions/0031.
// The aim is 90 KiB JS and 25 KiB CSS; what is left to move is listed there.
// 98: the first screen's look-ups wait for its paint and a failed plugin shows its error
// (2026-12-03, 96.9-97.0 KiB measured: at 97 the build's few bytes of variation flipped it; 96.8 KiB
// after wouter took React's own useSyncExternalStore).
const JS_BUDGET = 98 * 1024;
// /login's document links the first screens' part of the stylesheet (decision 0030: 6.9 KiB
// measured 2026-12-03; the whole sheet, 34.5 KiB, follows once the script runs).
const CSS_BUDGET = 8 * 1024;

/**
 * Per public page (the pages opened from mails, often on phones): the first load's JS and CSS,
 * brotli, and its document with the copy of its first screen (scripts/lib/prerender.mjs).
 * Measured figures plus ~1 KiB; the document's copy is what paints before any script.
 */
const PUBLIC_BUDGETS: Record<string, { js: number; prerendered: boolean }> = {
  '/login': { js: 98, prerendered: true },
  // 2026-12-03: the signed-in unknown-page notice's trigger (+0.05 KiB) took /invite and
  // /unsubscribe to 106.98 and 91.99 KiB; React's own useSyncExternalStore (-0.3 KiB) brought them
  // back to 106.76 and 91.75, so the budgets stay as they were.
  '/invite/:id': { js: 107, prerendered: true },
  '/resetPassword/:password_recovery_id': { js: 103, prerendered: true },
  '/unsubscribe': { js: 92, prerendered: false },
  '/collector/:id': { js: 108, prerendered: true },
};
/** A page with a copy links the first-screen subset; one without (/unsubscribe) the whole sheet. */
const PUBLIC_CSS_BUDGET = { prerendered: 8 * 1024, whole: 35 * 1024 };
/** A public page's document, copy included, brotli. */
const DOCUMENT_BUDGET = 4 * 1024;

interface Sizes {
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}
interface Report {
  entry: string;
  firstLoad: { js: Sizes; css: Sizes };
  routes: { path: string; plugin: string; pageChunk: string | null; js: Sizes; css: Sizes }[];
  chunks: { file: string; entryPoint: string | null; plugins: string[]; raw: number; brotli: number }[];
  fonts: string[];
}
interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<
    string,
    {
      entryPoint?: string;
      inputs: Record<string, { bytesInOutput: number }>;
      imports?: { path: string; kind: string; external?: boolean }[];
    }
  >;
}
interface RouteModules {
  path: string;
  plugin: string;
  kind: string;
  public: boolean;
  files: string[];
}

const root = path.resolve(import.meta.dirname, '..');
let outdir: string;
let ownBuild = false;
let report: Report;
let metafile: Metafile;
let routeModules: RouteModules[];
let indexHtml: string;

// `npm test` builds dist/ first and passes CONSOLE_BUILD_DIR; run alone, the test builds into a
// temporary folder (the report is computed from the metafile, so both give the same numbers).
beforeAll(async () => {
  const reuse = process.env.CONSOLE_BUILD_DIR;
  if (reuse && existsSync(path.join(reuse, 'build-report.json'))) {
    outdir = reuse;
  } else {
    // Inside the checkout, as dist/ is: source maps name sources relative to their folder, so a
    // build elsewhere would name the checkout folder in them (see the reproducibility test).
    const cache = path.join(root, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    outdir = mkdtempSync(path.join(cache, 'console-build-'));
    ownBuild = true;
    // @ts-expect-error plain ESM build script without type declarations
    const { buildConsole } = await import('../build.mjs');
    await buildConsole({ entry: 'host/main.tsx', outdir, pluginsDir: 'plugins', quiet: true, title: 'Console' });
  }
  report = JSON.parse(readFileSync(path.join(outdir, 'build-report.json'), 'utf8'));
  metafile = JSON.parse(readFileSync(path.join(outdir, 'metafile.json'), 'utf8'));
  routeModules = JSON.parse(readFileSync(path.join(outdir, 'route-modules.json'), 'utf8'));
  indexHtml = readFileSync(path.join(outdir, 'index.html'), 'utf8');
}, 180_000);
afterAll(() => {
  if (ownBuild) rmSync(outdir, { recursive: true, force: true });
});

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

describe('bundle budget', () => {
  it('keeps the whole first load of /login within 98 KiB JS and 35 KiB CSS, brotli', () => {
    // The route's first load is everything the browser fetches before /login renders: the
    // reflect shim, the entry and its static imports, and the login page chunk with its static
    // imports (build-report.json `routes[]`, per-file brotli as each file is served).
    const login = report.routes.find((route) => route.path === '/login');
    expect(login, 'no plugin declares /login').toBeDefined();
    const { js, css } = login!;
    const chunkSize = new Map(report.chunks.map((chunk) => [chunk.file, chunk.brotli]));
    const breakdown = js.files
      .map((file) => ({ file, brotli: chunkSize.get(file) }))
      .sort((a, b) => (b.brotli ?? 0) - (a.brotli ?? 0))
      .map(({ file, brotli }) => `  ${file}: ${brotli === undefined ? 'classic script' : kib(brotli)}`)
      .join('\n');
    console.info(
      `/login first load: JS ${kib(js.brotli)} brotli (${kib(js.gzip)} gzip) in ${js.files.length} files, CSS ${kib(css.brotli)} brotli; shell alone ${kib(report.firstLoad.js.brotli)}`,
    );
    expect(login!.pageChunk, 'the /login page chunk is missing from the first load').not.toBeNull();
    expect(js.files).toContain(login!.pageChunk);
    expect(js.files).toContain(report.entry);
    expect(
      js.files.some((file) => /^reflect-metadata-/.test(file)),
      'the reflect shim is not counted',
    ).toBe(true);
    expect(js.brotli, `/login first-load JS ${kib(js.brotli)} > 98 KiB:\n${breakdown}`).toBeLessThanOrEqual(JS_BUDGET);
    expect(css.brotli, `/login first-load CSS ${kib(css.brotli)} > 8 KiB: ${css.files.join(', ')}`).toBeLessThanOrEqual(
      CSS_BUDGET,
    );
  });

  it('keeps each public page’s first load (JS, CSS, document with its copy) within its budget, brotli', () => {
    const prerendered = JSON.parse(readFileSync(path.join(outdir, 'prerendered.json'), 'utf8')) as Record<
      string,
      { html: string; htmlDark: string }
    >;
    for (const [route, budget] of Object.entries(PUBLIC_BUDGETS)) {
      const sizes = report.routes.find((candidate) => candidate.path === route);
      expect(sizes, `no plugin declares ${route}`).toBeDefined();
      expect(sizes!.js.brotli, `${route} first-load JS ${kib(sizes!.js.brotli)}`).toBeLessThanOrEqual(budget.js * 1024);
      expect(sizes!.css.brotli, `${route} first-load CSS ${kib(sizes!.css.brotli)}`).toBeLessThanOrEqual(
        budget.prerendered ? PUBLIC_CSS_BUDGET.prerendered : PUBLIC_CSS_BUDGET.whole,
      );
      const copy = prerendered[route];
      expect(Boolean(copy), `${route} has a copy in its document`).toBe(budget.prerendered);
      for (const html of copy ? [copy.html, copy.htmlDark] : []) {
        const document = indexHtml.replace('<div id="root"></div>', `<div id="root">${html}</div>`);
        expect(zlib.brotliCompressSync(document).length, `${route} document`).toBeLessThanOrEqual(DOCUMENT_BUDGET);
      }
    }
  });

  it('loads axios after the first screen: no public page’s first load carries it', () => {
    // axios (~14 KiB brotli) is imported with the first call (core/util/loadAxios.ts); a static
    // import of 'axios' anywhere in core or host would put it back into every first load.
    for (const route of Object.keys(PUBLIC_BUDGETS)) {
      const files = new Set(report.routes.find((candidate) => candidate.path === route)!.js.files);
      const axiosInputs = Object.entries(metafile.outputs)
        .filter(([file]) => files.has(path.basename(file)))
        .flatMap(([, output]) => Object.entries(output.inputs))
        .filter(([input, info]) => /node_modules\/axios\//.test(input) && info.bytesInOutput > 0)
        .map(([input]) => input);
      expect(axiosInputs, `${route} first load`).toEqual([]);
    }
    // It is still in the build, as a chunk of its own, loaded later.
    expect(Object.keys(metafile.inputs).some((input) => /node_modules\/axios\/lib\/core\/Axios\.js$/.test(input))).toBe(
      true,
    );
  });

  it('keeps every icon path and icon font out of the bundle', () => {
    const iconPathModules = Object.keys(metafile.inputs).filter((input) =>
      /@blueprintjs\/icons\/lib\/esm\/(generated\/(16px|20px)\/paths|next\/generated\/paths)/.test(input),
    );
    expect(iconPathModules).toEqual([]);
    expect(report.fonts).toEqual([]);
    const css = readFileSync(path.join(outdir, report.firstLoad.css.files[0]!), 'utf8');
    expect(css).not.toMatch(/@font-face[^}]*blueprint-icons/);
  });

  it('loads no page or header contribution in the first load (guards may be there)', () => {
    const firstLoad = new Set(report.firstLoad.js.files);
    const lazyModules = new Set(
      Object.entries(metafile.outputs)
        .filter(([file, output]) => output.entryPoint && path.basename(file) !== report.entry)
        .map(([, output]) => output.entryPoint!),
    );
    expect(lazyModules.size).toBeGreaterThan(5);
    const offenders = Object.entries(metafile.outputs)
      .filter(([file]) => firstLoad.has(path.basename(file)))
      .flatMap(([, output]) =>
        Object.entries(output.inputs)
          .filter(([, info]) => info.bytesInOutput > 0)
          .map(([input]) => input),
      )
      .filter((input) => lazyModules.has(input) || /^plugins\/[^/]+\/(pages|header)\//.test(input));
    expect(offenders).toEqual([]);
  });

  it("keeps runtime plugins' loader, shared-module lookups and shims out of /login's first load", () => {
    const login = report.routes.find((route) => route.path === '/login')!;
    const files = new Set(login.js.files.map((file) => path.basename(file)));
    const inputs = Object.entries(metafile.outputs)
      .filter(([file]) => files.has(path.basename(file)))
      .flatMap(([, output]) => Object.entries(output.inputs).filter(([, info]) => info.bytesInOutput > 0))
      .map(([input]) => input);
    expect(inputs.length).toBeGreaterThan(20);
    expect(inputs.filter((input) => /(^|\/)(host\/runtimePlugins|core\/sdk)\//.test(input))).toEqual([]);
    expect(login.js.files.filter((file) => file.includes('console-sdk'))).toEqual([]);
    expect(existsSync(path.join(outdir, 'console-sdk', 'index.json'))).toBe(true);
  });

  it('gives each plugin its own chunks: no chunk mixes code of two plugins', () => {
    const mixed = report.chunks.filter((chunk) => chunk.plugins.length > 1 && chunk.file !== report.entry);
    expect(mixed.map((chunk) => `${chunk.file}: ${chunk.plugins.join(', ')}`)).toEqual([]);
    const pluginsWithPages = new Set(report.routes.map((route) => route.plugin));
    for (const plugin of pluginsWithPages) {
      const own = report.chunks.filter(
        (chunk) => chunk.plugins.length === 1 && chunk.plugins[0] === plugin && chunk.entryPoint,
      );
      expect(own.length, `plugin ${plugin} has no chunk of its own`).toBeGreaterThan(0);
    }
    for (const route of report.routes) expect(route.pageChunk, `route ${route.path} has no page chunk`).not.toBeNull();
  });

  it('names no checkout folder in any output: the same sources give the same file names anywhere', () => {
    // Content hashes cover the source maps, and the maps carry the sources the build plugins
    // generate: an absolute import path there renamed every chunk per checkout folder (and moved
    // /login's size by the length of the hashes' differences).
    const files = readdirSync(outdir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.(js|css|map|html)$/.test(file),
    );
    expect(files.filter((file) => file.endsWith('.map')).length).toBeGreaterThan(10);
    const naming = files.filter((file) => readFileSync(path.join(outdir, file), 'utf8').includes(root));
    expect(naming).toEqual([]);
  });

  it('writes .br and .gz next to the JS and CSS for a server that sends precompressed files', () => {
    for (const file of [report.entry, report.firstLoad.css.files[0]!]) {
      const original = readFileSync(path.join(outdir, file));
      expect(
        zlib.brotliDecompressSync(readFileSync(path.join(outdir, `${file}.br`))).equals(original),
        `${file}.br`,
      ).toBe(true);
      expect(zlib.gunzipSync(readFileSync(path.join(outdir, `${file}.gz`))).equals(original), `${file}.gz`).toBe(true);
    }
  });
});

/** Every output `out` imports statically, transitively, as served URLs (what loading it fetches). */
function closureUrls(out: string): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of metafile.outputs[file]?.imports ?? [])
      if (imp.kind === 'import-statement' && !imp.external) walk(imp.path);
  };
  walk(out);
  return [...seen].map((file) => `/${path.relative(outdir, path.resolve(root, file)).split(path.sep).join('/')}`);
}

const outputNamed = (name: string) => Object.keys(metafile.outputs).find((file) => path.basename(file) === name)!;
const attribute = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!);

describe('route modules (no chunk waterfall)', () => {
  it('announces, for every route of the report, its page chunk and every static import of it', () => {
    // The first wave of a route = index.html's entry and modulepreloads + the route's own list.
    const entryWave = new Set([
      ...attribute(indexHtml, /<link rel="modulepreload" href="([^"]+)"/g),
      ...attribute(indexHtml, /<script type="module" src="([^"]+)"/g),
    ]);
    expect(entryWave).toEqual(new Set(closureUrls(outputNamed(report.entry))));
    expect(routeModules.map((route) => route.path)).toEqual(report.routes.map((route) => route.path));
    for (const route of report.routes) {
      const announced = new Set([...entryWave, ...routeModules.find((r) => r.path === route.path)!.files]);
      const needed = closureUrls(outputNamed(route.pageChunk!));
      expect(
        needed.filter((url) => !announced.has(url)),
        route.path,
      ).toEqual([]);
      expect(needed[0], `${route.path}: page chunk listed first`).toMatch(new RegExp(`/${route.pageChunk}$`));
    }
  });

  it('puts public and shell routes in the document table, never a product chunk', () => {
    const table = JSON.parse(
      /<script type="application\/json" id="route-modules">(.*?)<\/script>/s.exec(indexHtml)![1]!,
    ) as { files: string[]; routes: Record<string, number[]> };
    const expected = routeModules.filter((route) => route.kind === 'public' || route.kind === 'shell');
    expect(Object.keys(table.routes).sort()).toEqual(expected.map((route) => route.path).sort());
    for (const route of expected) expect(table.routes[route.path]!.map((i) => table.files[i])).toEqual(route.files);
    // No file of the table carries a product's code (shared library chunks may be listed; the
    // entry's own imports hold every manifest, products' included, by design).
    const products = new Set(routeModules.filter((route) => route.kind === 'product').map((route) => route.plugin));
    expect(products.size).toBeGreaterThan(0);
    const pluginsOf = new Map(report.chunks.map((chunk) => [chunk.file, chunk.plugins]));
    expect(table.files.length).toBeGreaterThan(5);
    for (const file of table.files)
      expect(pluginsOf.get(path.basename(file)) ?? [], file).not.toSatisfy((plugins: string[]) =>
        plugins.some((plugin) => products.has(plugin)),
      );
    const productPages = routeModules.filter((route) => route.kind === 'product').map((route) => route.files[0]!);
    for (const page of productPages) expect(indexHtml, page).not.toContain(page);
  });
});
