// What each route needs before it can render, so that the first load asks for all of it at once
// ("No chunk waterfall"). Without it the browser learns of a page chunk only when the
// entry has run, and of the page's own imports only when the page chunk has run: three waves.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { outputOf, readManifestRoutes, staticClosure } from './buildReport.mjs';

/**
 * Per route of the manifests: the page chunk and every output it imports statically (the same
 * closure the build report counts), the plugin's services and header items, and for a signed-in
 * ('full' layout) page the frame around it, minus what the entry already loads, as URLs of the
 * served folder. `public` routes may be announced to anyone (the server adds them to the document); the
 * others only to a token that permits them: the server checks the access cookie against `kind`
 * and `requires` (server/plugins/staticAssets.ts), the host its own token (host/routing/routeModules.ts).
 */
export function routeModules({ metafile, root, entry, pluginsDir, outdir }) {
  const rel = (p) => path.relative(root, p).split(path.sep).join('/');
  const url = (file) => `/${path.relative(outdir, path.resolve(root, file)).split(path.sep).join('/')}`;
  const entryOut = outputOf(metafile, rel(path.resolve(root, entry)));
  if (!entryOut) throw new Error(`entry ${entry} not found in the metafile outputs`);
  const loaded = new Set(staticClosure(metafile, entryOut));
  const closure = (sources) =>
    sources
      .map((source) => outputOf(metafile, source))
      .filter(Boolean)
      .flatMap((out) => staticClosure(metafile, out));
  const routes = readManifestRoutes(pluginsDir);
  const pages = new Set(routes.map((route) => rel(route.page)));
  // What a plugin's manifest loads besides its pages when one of them shows: its services and
  // its header contributions (profile-menu sections load when the menu opens).
  const companions = (plugin) =>
    lazyImports(metafile, `${rel(pluginsDir)}/${plugin}/index.ts`).filter(
      (source) => !pages.has(source) && /\/(services|header)\//.test(source),
    );
  // The signed-in frame ('full' layout): the host's top bar and products header, the plugin
  // services container, the header items of the shell plugins (every signed-in user has them)
  // and the time-zone table. Shell plugins by their manifest's kind: the shell itself has header items and no route.
  const shellPlugins = shellPluginIds(pluginsDir);
  const frame = closure([
    ...lazyImports(metafile, 'host/HostShell.tsx').filter((source) => source.startsWith('host/layout/')),
    ...lazyImports(metafile, 'host/PluginServices.tsx'),
    ...shellPlugins.flatMap(companions),
    // The time-zone table the locale service fetches when a signed-in page first shows a date
    // (the products' tables do at once): asked for with the page, not after its data came.
    ...lazyImports(metafile, 'core/locale/DefaultLocaleService.ts'),
  ]);
  return routes.map((route) => {
    const pageOut = outputOf(metafile, rel(route.page));
    if (!pageOut) throw new Error(`route ${route.path}: no chunk for ${rel(route.page)}`);
    // The page chunk first: it is what the router imports, the rest is what it imports.
    const needed = [
      ...staticClosure(metafile, pageOut),
      ...closure(companions(route.plugin)),
      ...(route.layout === 'bare' ? [] : frame),
    ];
    const files = [...new Set(needed)].filter((file) => !loaded.has(file));
    return {
      path: route.path,
      plugin: route.plugin,
      kind: route.kind,
      requires: route.requires,
      public: route.kind === 'public',
      files: files.map(url),
    };
  });
}

/** The plugins (folder names) whose manifest is of kind 'shell'. */
function shellPluginIds(pluginsDir) {
  if (!existsSync(pluginsDir)) return [];
  return readdirSync(pluginsDir)
    .sort()
    .filter((id) => {
      const index = path.join(pluginsDir, id, 'index.ts');
      return existsSync(index) && /\bkind:\s*['"]shell['"]/.test(readFileSync(index, 'utf8'));
    });
}

/** Sources `source` imports with `import()` (metafile input paths). */
function lazyImports(metafile, source) {
  return (metafile.inputs[source]?.imports ?? [])
    .filter((imp) => imp.kind === 'dynamic-import' && !imp.external)
    .map((imp) => imp.path);
}

/**
 * The routes' table as the host reads it from index.html: every file once, each route a list
 * of indexes into it (the table ships with every document, so it is kept small). Public and
 * shell routes only: a document names no product's chunks (a product's code is
 * announced only to a token that permits it). A product page is one or two files; the host
 * fetches it when it has checked the token.
 */
export function compactRouteModules(allRoutes) {
  const routes = allRoutes.filter((route) => route.kind === 'public' || route.kind === 'shell');
  const files = [...new Set(routes.flatMap((route) => route.files))];
  const index = new Map(files.map((file, i) => [file, i]));
  return {
    files,
    routes: Object.fromEntries(routes.map((route) => [route.path, route.files.map((file) => index.get(file))])),
  };
}

/** `<link rel="modulepreload">` lines for the given URLs (the server adds them for public routes). */
export function modulepreloadLinks(files, indent = '    ') {
  return files.map((file) => `${indent}<link rel="modulepreload" href="${file}" />`).join('\n');
}
