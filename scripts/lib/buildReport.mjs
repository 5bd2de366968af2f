// Size report from an esbuild metafile: deterministic (compressed sizes of the emitted files).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const KIB = 1024;

/** raw / gzip / brotli of one emitted file, as the report counts them. */
export function sizes(file) {
  const bytes = readFileSync(file);
  return {
    raw: bytes.length,
    gzip: zlib.gzipSync(bytes, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

function sum(list) {
  return list.reduce((acc, s) => ({ raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip, brotli: acc.brotli + s.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
}

/** Output path (as in the metafile) of the chunk whose entry point is `source` (a dynamic import). */
export function outputOf(metafile, source) {
  const wanted = source.split(path.sep).join('/');
  for (const [out, info] of Object.entries(metafile.outputs)) {
    if (info.entryPoint === wanted && out.endsWith('.js')) return out;
  }
  return null;
}

/** `out` plus every output it imports statically, transitively (what loading `out` fetches). */
export function staticClosure(metafile, out) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of metafile.outputs[file]?.imports ?? []) {
      if (imp.kind === 'import-statement' && !imp.external) walk(imp.path);
    }
  };
  walk(out);
  return [...seen];
}

function cssOf(metafile, jsFiles) {
  return jsFiles.map((file) => metafile.outputs[file]?.cssBundle).filter(Boolean);
}

/**
 * Reads the route table from the plugin manifests' source: `id: '...'`, `kind: '...'` and every
 * `path: '...'` followed by `page: () => import('...')` (the convention new-plugin scaffolds).
 */
export function readManifestRoutes(pluginsDir) {
  const routes = [];
  if (!existsSync(pluginsDir)) return routes;
  for (const id of readdirSync(pluginsDir).sort()) {
    const index = path.join(pluginsDir, id, 'index.ts');
    if (!existsSync(index)) continue;
    const text = readFileSync(index, 'utf8');
    const pluginId = /\bid:\s*['"]([^'"]+)['"]/.exec(text)?.[1] ?? id;
    // Public plugins' pages may be announced to anyone (the server adds them to the document).
    const kind = /\bkind:\s*['"]([^'"]+)['"]/.exec(text)?.[1] ?? null;
    // A product's module prefixes: the server announces its pages only to a token holding one.
    const requires = [...(/\brequires:\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '').matchAll(/['"]([^'"]+)['"]/g)].map(
      (m) => m[1],
    );
    // Manifests write their paths as literals (tests/consolePaths.test.ts holds them to common/<product>/paths.ts).
    const pattern = /\bpath:\s*['"]([^'"]*)['"][^}]*?\bpage:\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)([^}]*)/g;
    for (const match of text.matchAll(pattern)) {
      const [, routePath, spec, rest] = match;
      // Public pages are bare unless they say otherwise, the others full (core/plugin/resolveRoutes.ts).
      const layout =
        /\blayout:\s*['"](bare|full)['"]/.exec(`${match[0]}${rest}`)?.[1] ?? (kind === 'public' ? 'bare' : 'full');
      const absolute = routePath.startsWith('/')
        ? routePath
        : routePath === ''
          ? `/${pluginId}`
          : `/${pluginId}/${routePath}`;
      routes.push({
        plugin: pluginId,
        kind,
        requires,
        layout,
        path: absolute,
        page: resolveSource(path.dirname(index), spec),
      });
    }
  }
  return routes;
}

function resolveSource(dir, spec) {
  const base = path.join(dir, spec);
  const candidates = /\.(tsx?|jsx?)$/.test(base)
    ? [base]
    : [`${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`];
  return candidates.find((file) => existsSync(file)) ?? candidates[0];
}

/**
 * Per chunk and per route: raw / gzip / brotli of the first-load JS and CSS.
 * A route's first load = the entry and its static imports + the page chunk and its static imports.
 */
export function computeReport({ metafile, root, entry, pluginsDir, extraFirstLoad = [] }) {
  const rel = (p) => path.relative(root, p).split(path.sep).join('/');
  const entryOut = outputOf(metafile, rel(path.resolve(root, entry)));
  if (!entryOut) throw new Error(`entry ${entry} not found in the metafile outputs`);
  const sizeOf = new Map();
  const measure = (file) => {
    if (!sizeOf.has(file)) sizeOf.set(file, sizes(path.resolve(root, file)));
    return sizeOf.get(file);
  };
  const bundle = (js) => {
    const css = [
      ...new Set(
        cssOf(
          metafile,
          js.filter((file) => metafile.outputs[file]),
        ),
      ),
    ];
    return {
      js: { files: js.map((f) => path.basename(f)), ...sum(js.map(measure)) },
      css: { files: css.map((f) => path.basename(f)), ...sum(css.map(measure)) },
    };
  };

  // Classic scripts index.html loads before the entry count as first load too.
  const entryClosure = [...extraFirstLoad, ...staticClosure(metafile, entryOut)];
  const routes = readManifestRoutes(pluginsDir).map((route) => {
    const pageOut = outputOf(metafile, rel(route.page));
    const js = [...new Set([...entryClosure, ...(pageOut ? staticClosure(metafile, pageOut) : [])])];
    return {
      path: route.path,
      plugin: route.plugin,
      pageChunk: pageOut ? path.basename(pageOut) : null,
      ...bundle(js),
    };
  });

  const chunks = Object.entries(metafile.outputs)
    .filter(([file]) => file.endsWith('.js') || file.endsWith('.css'))
    .map(([file, info]) => {
      const inputs = Object.keys(info.inputs ?? {});
      const plugins = [...new Set(inputs.map((input) => /^plugins\/([^/]+)\//.exec(input)?.[1]).filter(Boolean))];
      return { file: path.basename(file), entryPoint: info.entryPoint ?? null, plugins, ...measure(file) };
    })
    .sort((a, b) => b.brotli - a.brotli);

  const fonts = Object.keys(metafile.outputs).filter((file) => /\.(ttf|woff2?|eot)$/.test(file));
  return { entry: path.basename(entryOut), firstLoad: bundle(entryClosure), routes, chunks, fonts };
}

const kib = (n) => `${(n / KIB).toFixed(1).padStart(7)} KiB`;

export function formatReport(report) {
  const lines = [];
  lines.push('First load per route (entry + static imports + page chunk), compressed sizes:');
  lines.push(
    `  ${'route'.padEnd(36)} ${'JS brotli'.padStart(11)} ${'JS gzip'.padStart(11)} ${'CSS brotli'.padStart(11)} ${'CSS gzip'.padStart(11)}`,
  );
  const rows = [{ path: '(shell: entry only)', ...report.firstLoad }, ...report.routes];
  for (const r of rows) {
    lines.push(`  ${r.path.padEnd(36)} ${kib(r.js.brotli)} ${kib(r.js.gzip)} ${kib(r.css.brotli)} ${kib(r.css.gzip)}`);
  }
  lines.push('Chunks:');
  lines.push(`  ${'file'.padEnd(44)} ${'raw'.padStart(11)} ${'gzip'.padStart(11)} ${'brotli'.padStart(11)}  plugin`);
  for (const c of report.chunks) {
    lines.push(`  ${c.file.padEnd(44)} ${kib(c.raw)} ${kib(c.gzip)} ${kib(c.brotli)}  ${c.plugins.join(',')}`);
  }
  if (report.fonts.length) lines.push(`Fonts emitted: ${report.fonts.join(', ')}`);
  return lines.join('\n');
}
