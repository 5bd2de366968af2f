#!/usr/bin/env node
// Builds the console: esbuild, ESM with code splitting (each plugin page and each lazy header
// contribution is its own chunk), CSS, content-hashed names, dist/index.html and a size report.
//
//   node build.mjs                       production build into dist/
//   node build.mjs --watch               rebuild on change (npm run dev; the API serves dist/;
//                                        one pass, so without the first-load grouping)
//   node build.mjs --entry <file> --outdir <dir> [--plugins <dir>] [--quiet]   test builds
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';

import { computeReport, formatReport, readManifestRoutes, sizes, staticClosure } from './scripts/lib/buildReport.mjs';
import { writeConsoleSdk } from './scripts/lib/consoleSdk.mjs';
import { blueprintDeepImports } from './scripts/lib/deepImports.mjs';
import {
  axiosWithoutFetchAdapter,
  blueprintConstantClasses,
  blueprintIconsStub,
  chunkCss,
  reactOwnSyncExternalStore,
  reflectMetadataShim,
  stripIconFonts,
} from './scripts/lib/esbuildPlugins.mjs';
import {
  codelessModules,
  firstLoadGroups,
  firstLoadModules,
  groupAppendix,
  groupReexport,
  pluginPageGroups,
} from './scripts/lib/firstLoadGroup.mjs';
import { classesOfMarkup, FIRST_SCREEN_RUNTIME_CLASSES, firstScreenCss } from './scripts/lib/firstScreenCss.mjs';
import { DOCUMENT_STYLES, prerenderPages } from './scripts/lib/prerender.mjs';
import { compactRouteModules, modulepreloadLinks, routeModules } from './scripts/lib/routeModules.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The route most first visits open (every signed-out address leads there). Its page's library
 * and core modules (form fields, cards, the captcha notice, the sign-in pop-up helper...) are
 * otherwise cut into a dozen chunks of 100–400 bytes, each fetched and compressed on its own;
 * in the shared chunk they cost every other route ~2 KiB brotli on a first visit (nothing once
 * /login has been seen: the chunk is cached) and save /login as much, in 13 fewer files.
 */
const FIRST_SCREEN = '/login';

export function parseArgs(argv) {
  const options = {
    entry: 'host/main.tsx',
    outdir: 'dist',
    pluginsDir: 'plugins',
    watch: false,
    quiet: false,
    title: 'Console',
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (!next) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--watch') options.watch = true;
    else if (arg === '--quiet') options.quiet = true;
    else if (arg === '--entry') options.entry = value();
    else if (arg === '--outdir') options.outdir = value();
    else if (arg === '--plugins') options.pluginsDir = value();
    else if (arg === '--title') options.title = value();
    else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

/**
 * `groups` (from planFirstLoadGroups) make esbuild emit the first load's library and core code
 * as one shared chunk instead of ~25 small ones (see scripts/lib/firstLoadGroup.mjs).
 */
export function esbuildOptions({ entry, outdir }, groups = [], documentStyles = new Map()) {
  const append = (file) => groupAppendix(groups, file);
  return {
    absWorkingDir: root,
    entryPoints: [entry],
    outdir,
    bundle: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    // rxjs and tsyringe publish an ES2015 build next to their ES5 one ("es2015" export condition
    // and package field): classes instead of tslib's __extends/__awaiter helpers, smaller and
    // faster. `module` must be listed again: custom conditions replace esbuild's default, and
    // tsyringe's tslib 1.x only offers its ESM file under `module`.
    conditions: ['es2015', 'module'],
    mainFields: ['es2015', 'browser', 'module', 'main'],
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    minify: true,
    // Maps are written next to each file but not linked from it (no `sourceMappingURL` comment):
    // the public bundle does not point at our sources, and every file is ~30 bytes lighter
    // compressed. Load a map by hand in the browser's developer tools when debugging.
    sourcemap: 'external',
    metafile: true,
    legalComments: 'linked',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    publicPath: '/',
    jsx: 'automatic',
    tsconfig: path.join(root, 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file', '.woff': 'file', '.ttf': 'file' },
    plugins: [
      reflectMetadataShim(),
      chunkCss({ root, inDocument: DOCUMENT_STYLES, documentStyles }),
      blueprintDeepImports({ append }),
      blueprintIconsStub({ appendToLoader: groups.length ? groupReexport(0) : '' }),
      stripIconFonts(),
      axiosWithoutFetchAdapter(),
      reactOwnSyncExternalStore({ resolveDir: root }),
      blueprintConstantClasses(),
      ...(groups.length ? [firstLoadGroups({ groups, esbuild })] : []),
    ],
    logLevel: 'warning',
  };
}

/**
 * First pass (nothing written): the library, core and host modules the entry loads, to be shared
 * by every entry point; and per plugin, the small chunks of its pages' first load that only its
 * own entry points share (pluginPageGroups). (Grouping a page with everything its lazy steps
 * use was tried: it made /login heavier.)
 */
async function planFirstLoadGroups(options) {
  const { metafile } = await esbuild.build({ ...esbuildOptions(options), write: false });
  const entryKey = path.relative(root, path.resolve(root, options.entry)).split(path.sep).join('/');
  const entryOut = Object.entries(metafile.outputs).find(
    ([file, info]) => info.entryPoint === entryKey && file.endsWith('.js'),
  )?.[0];
  if (!entryOut) throw new Error(`entry ${options.entry} not found in the metafile outputs`);
  const source = (out) => path.join(root, metafile.outputs[out].entryPoint);
  const lazyOuts = Object.entries(metafile.outputs)
    .filter(([file, info]) => file.endsWith('.js') && info.entryPoint && !info.entryPoint.includes(':'))
    .map(([file]) => file);
  const entryClosure = staticClosure(metafile, entryOut);
  const routes = readManifestRoutes(path.resolve(root, options.pluginsDir));
  // The first screen most visits start on: the library and core code its page loads joins the
  // shared chunk too (FIRST_SCREEN above).
  const firstScreen = routes.find((route) => route.path === FIRST_SCREEN);
  const firstScreenOut = firstScreen && lazyOuts.find((file) => source(file) === firstScreen.page);
  const firstScreenChunks = firstScreenOut
    ? staticClosure(metafile, firstScreenOut).filter((file) => file !== firstScreenOut && !entryClosure.includes(file))
    : [];
  const groups = [
    {
      id: 0,
      modules: [
        ...new Set([
          ...firstLoadModules({
            metafile,
            outputs: entryClosure.filter((file) => file !== entryOut),
            root,
            esbuild,
            include: /^(node_modules|core|host)\//,
          }),
          ...firstLoadModules({
            metafile,
            outputs: firstScreenChunks,
            root,
            esbuild,
            include: /^(node_modules|core)\//,
          }),
          ...codelessModules({
            metafile,
            root,
            outputs: lazyOuts
              .flatMap((out) => staticClosure(metafile, out))
              .filter((file) => !entryClosure.includes(file)),
          }),
        ]),
      ].sort(),
      members: new Set(lazyOuts.map(source)),
    },
  ];
  for (const group of pluginPageGroups({ metafile, root, esbuild, routes }))
    groups.push({ id: groups.length, ...group });
  return groups;
}

/** The Reflect metadata subset as a classic script, content-hashed (see reflectMetadataShim). */
function writeReflectShim(outdir) {
  const source = readFileSync(path.join(root, 'scripts/lib/reflectMetadataShim.js'), 'utf8');
  const { code } = esbuild.transformSync(source, { minify: true, format: 'iife', target: 'es2020' });
  const name = `reflect-metadata-${createHash('sha256').update(code).digest('hex').slice(0, 8).toUpperCase()}.js`;
  writeFileSync(path.join(outdir, name), code);
  return name;
}

/** Where the server adds a public route's modulepreload links (server/plugins/staticAssets.ts). */
export const ROUTE_PRELOADS_MARK = '<!-- route-modulepreload -->';

function indexHtml({ title, entryFile, cssFiles, preload, classicScripts, routeTable, documentStyles }) {
  const links = cssFiles.map((file) => `    <link rel="stylesheet" href="/${file}" />`).join('\n');
  // A public first screen's own styles (chunkCss `inDocument`): its copy in the document paints
  // with them, before any script runs. Same id as the chunk would inject them under.
  const styles = [...documentStyles]
    .map(([id, css]) => `    <style data-chunk-css="${id}">${css.replace(/</g, '\\3c ')}</style>`)
    .join('\n');
  const preloads = modulepreloadLinks(preload.map((file) => `/${file}`));
  // Not executed (CSP allows no inline script): data the host reads to preload a permitted
  // route's modules together with its page chunk (host/routing/routeModules.ts).
  const table = JSON.stringify(routeTable).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
${links}
${styles}
${classicScripts.map((file) => `    <script src="/${file}"></script>`).join('\n')}
${preloads}
    ${ROUTE_PRELOADS_MARK}
    <script type="application/json" id="route-modules">${table}</script>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/${entryFile}"></script>
  </body>
</html>
`;
}

/**
 * `file.br` and `file.gz` next to every JS and CSS file, so the server (@fastify/static with
 * `preCompressed: true`) sends them as they are instead of compressing on each request.
 */
function writePrecompressed(files) {
  for (const file of files) {
    const bytes = readFileSync(file);
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
    writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params }));
    writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  }
}

/** Writes index.html, route-modules.json, metafile.json and build-report.json next to the bundle; returns the report. */
function finish(result, options, documentStyles = new Map()) {
  const outdir = path.resolve(root, options.outdir);
  const shim = writeReflectShim(outdir);
  const report = computeReport({
    metafile: result.metafile,
    root,
    entry: options.entry,
    pluginsDir: path.resolve(root, options.pluginsDir),
    extraFirstLoad: [path.relative(root, path.join(outdir, shim))],
  });
  const rel = (file) => path.relative(outdir, path.resolve(root, file)).split(path.sep).join('/');
  const entryOut = Object.entries(result.metafile.outputs).find(
    ([, info]) => info.entryPoint === options.entry.split(path.sep).join('/'),
  )?.[0];
  const entryInfo = result.metafile.outputs[entryOut];
  const preload = (entryInfo.imports ?? [])
    .filter((imp) => imp.kind === 'import-statement')
    .map((imp) => rel(imp.path));
  const routes = routeModules({
    metafile: result.metafile,
    root,
    entry: options.entry,
    pluginsDir: path.resolve(root, options.pluginsDir),
    outdir,
  });
  writeFileSync(
    path.join(outdir, 'index.html'),
    indexHtml({
      title: options.title,
      entryFile: rel(entryOut),
      cssFiles: entryInfo.cssBundle ? [rel(entryInfo.cssBundle)] : [],
      preload,
      classicScripts: [shim],
      routeTable: compactRouteModules(routes),
      documentStyles,
    }),
  );
  // The product mark as the tab icon (unhashed: served no-cache, like index.html).
  copyFileSync(path.join(root, 'host/layout/favicon.svg'), path.join(outdir, 'favicon.svg'));
  // Read by the server at start-up (never served in production, like the two files below).
  writeFileSync(path.join(outdir, 'route-modules.json'), `${JSON.stringify(routes, null, 2)}\n`);
  writeFileSync(path.join(outdir, 'metafile.json'), JSON.stringify(result.metafile));
  writePrecompressed([
    path.join(outdir, shim),
    ...Object.keys(result.metafile.outputs)
      .filter((file) => /\.(js|css)$/.test(file))
      .map((file) => path.resolve(root, file)),
  ]);
  writeFileSync(path.join(outdir, 'build-report.json'), `${JSON.stringify(report, null, 2)}\n`);
  if (report.fonts.length)
    throw new Error(`font files were emitted (icon fonts must stay out): ${report.fonts.join(', ')}`);
  if (!options.quiet) console.log(formatReport(report));
  return report;
}

/**
 * The console's own build (not a test build of another entry) also writes `prerendered.json`:
 * per public route, the copy of its first screen the API puts into the document.
 */
async function writePrerendered(options, report) {
  if (!(options.prerender ?? options.entry === 'host/main.tsx')) return;
  const outdir = path.resolve(root, options.outdir);
  const markup = await prerenderPages({ esbuild, root });
  writeFileSync(path.join(outdir, 'prerendered.json'), `${JSON.stringify(markup, null, 2)}\n`);
  // The watch build writes the copy before its report exists: its documents keep the whole sheet.
  if (report) writeFirstScreenSheet(outdir, markup, report);
}

/**
 * The first screens' part of the stylesheet (decision 0030): a document carrying a copy links it
 * instead of the whole sheet (server/plugins/staticAssets.ts), and the host adds the whole sheet
 * right after it (host/wholeStylesheet.ts). `first-screen.json` names both for the server; the
 * report's prerendered routes count the subset as their first-load CSS.
 */
function writeFirstScreenSheet(outdir, markup, report) {
  const whole = report.firstLoad.css.files[0];
  if (!whole) return;
  const classes = new Set(FIRST_SCREEN_RUNTIME_CLASSES);
  for (const page of Object.values(markup))
    for (const html of [page.html, page.htmlDark])
      if (html) for (const name of classesOfMarkup(html)) classes.add(name);
  const subset = firstScreenCss(readFileSync(path.join(outdir, whole), 'utf8'), classes);
  const name = `first-screen-${createHash('sha256').update(subset).digest('hex').slice(0, 8).toUpperCase()}.css`;
  const file = path.join(outdir, name);
  writeFileSync(file, subset);
  writePrecompressed([file]);
  writeFileSync(
    path.join(outdir, 'first-screen.json'),
    `${JSON.stringify({ subset: `/${name}`, whole: `/${whole}` })}\n`,
  );
  const subsetSizes = sizes(file);
  for (const route of report.routes) if (markup[route.path]) route.css = { files: [name], ...subsetSizes };
  writeFileSync(path.join(outdir, 'build-report.json'), `${JSON.stringify(report, null, 2)}\n`);
}

export async function buildConsole(options) {
  const outdir = path.resolve(root, options.outdir);
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const started = Date.now();
  const documentStyles = new Map();
  const result = await esbuild.build(esbuildOptions(options, await planFirstLoadGroups(options), documentStyles));
  const report = finish(result, options, documentStyles);
  // The shared-module shims of runtime plugins (scripts/lib/consoleSdk.mjs): no page loads them.
  writePrecompressed(await writeConsoleSdk({ esbuild, root, outdir }));
  await writePrerendered(options, report);
  if (!options.quiet) console.log(`Built ${options.entry} into ${options.outdir}/ in ${Date.now() - started} ms`);
  return { result, report };
}

async function watch(options) {
  const outdir = path.resolve(root, options.outdir);
  mkdirSync(outdir, { recursive: true });
  const documentStyles = new Map();
  const base = esbuildOptions(options, [], documentStyles);
  const context = await esbuild.context({
    ...base,
    plugins: [
      ...base.plugins,
      {
        name: 'report-on-rebuild',
        setup(build) {
          // Hashed names change on every rebuild: start from an empty folder each time.
          build.onStart(() => {
            rmSync(outdir, { recursive: true, force: true });
            mkdirSync(outdir, { recursive: true });
          });
          build.onEnd(async (result) => {
            if (result.errors.length) return;
            try {
              // The copy first: the API re-reads it with index.html, when that one changes.
              await writePrerendered(options);
              finish(result, { ...options, quiet: true }, documentStyles);
              await writeConsoleSdk({ esbuild, root, outdir });
              console.log(
                `[${new Date().toLocaleTimeString()}] rebuilt ${options.outdir}/ (serve it with: npx tsx server/main.ts)`,
              );
            } catch (error) {
              console.error(error);
            }
          });
        },
      },
    ],
  });
  await context.watch();
  console.log(
    `Watching; ${options.outdir}/ is rebuilt on change. Run the API (it serves dist/) in another terminal: npx tsx server/main.ts`,
  );
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  try {
    const options = parseArgs(process.argv.slice(2));
    if (options.watch) await watch(options);
    else await buildConsole(options);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
