// Groups the first load into few files. esbuild's code splitting puts every piece of code into
// the chunk of the exact set of entry points (the host entry and each lazily imported page,
// header item or outlet) that reach it. Lazily loaded modules each use a different subset of the
// libraries and core services the host entry already loads, so that code was cut into ~25
// small chunks, all fetched on the first load anyway; brotli compresses each file on its own,
// which cost ~7 KiB on /login.
//
// The build therefore runs twice. The first run lists the library and core modules the host
// entry loads; in the second, the host entry and every lazily loaded module also re-export one
// virtual module that imports every export of exactly those modules. Every such module is then
// reached by every entry point, so esbuild emits them as one shared chunk. This adds nothing to
// any later fetch (the lazy chunks only import what the first load already fetched) and changes
// no evaluation order that matters: all of those modules are imported by the entry already.
// Only unused exports of modules that are loaded anyway come along (measured in the report).
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { staticClosure } from './buildReport.mjs';
import { relativeSpecifier } from './deepImports.mjs';

export const FIRST_LOAD_GROUP = 'first-load-group';
const EXPORT_NAME = '__firstLoadGroup';

/**
 * Library and core modules whose code the given outputs (the entry's static closure, from the
 * first build's metafile) carry. A module of which the first load uses only a small part
 * (tslib's helpers, a few functions of a package index) is left out: grouping reaches all of
 * its exports, which would cost more than the file it saves.
 */
/**
 * A metafile input as the checkout names it: where node_modules is a link to another checkout's
 * (a git worktree), esbuild names packages by their real path (`../main/node_modules/...`); the
 * grouping must treat them as the packages they are, or a worktree builds another bundle.
 */
export function checkoutPath(input) {
  return input.replace(/^(?:\.\.\/)+(?:[^/]+\/)*?(?=node_modules\/)/, '');
}

export function firstLoadModules({
  metafile,
  outputs,
  root,
  esbuild,
  maxUnusedBytes = 1024,
  include = /^(node_modules|core)\//,
}) {
  const used = new Map();
  for (const out of outputs) {
    for (const [input, info] of Object.entries(metafile.outputs[out]?.inputs ?? {})) {
      if (input.includes(':') || !/\.(m?js|cjs|tsx?)$/.test(input) || !include.test(checkoutPath(input))) continue;
      used.set(input, (used.get(input) ?? 0) + info.bytesInOutput);
    }
  }
  const modules = [];
  for (const [input, bytes] of used) {
    const file = path.join(root, input);
    const loader = /\.tsx$/.test(file) ? 'tsx' : /\.ts$/.test(file) ? 'ts' : 'js';
    const whole = esbuild.transformSync(readFileSync(file, 'utf8'), {
      loader,
      minify: true,
      format: 'esm',
      logLevel: 'silent',
      tsconfigRaw: { compilerOptions: { experimentalDecorators: true } },
    }).code.length;
    if (whole - bytes <= maxUnusedBytes) modules.push(file);
  }
  return modules.sort();
}

/**
 * Modules of ours that emit no code at all (an identity helper esbuild inlines, like
 * createServiceFactory) but that lazily loaded code imports: esbuild gives each set of
 * importers an empty chunk of its own, one more request for every page that imports it. In
 * the shared group they cost a few bytes. `outputs`: the lazily loaded outputs.
 */
export function codelessModules({ metafile, root, outputs, include = /^core\// }) {
  const emitted = new Set(Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs ?? {})));
  const importers = new Set(outputs.flatMap((out) => Object.keys(metafile.outputs[out]?.inputs ?? {})));
  const imported = new Set(
    [...importers].flatMap((input) =>
      (metafile.inputs[input]?.imports ?? []).filter((imp) => imp.kind === 'import-statement').map((imp) => imp.path),
    ),
  );
  return [...imported]
    .filter((input) => include.test(input) && /\.tsx?$/.test(input) && !emitted.has(input))
    .map((input) => path.join(root, input))
    .sort();
}

/**
 * The same for one plugin's pages: its page chunk imports a dozen small chunks that esbuild cut
 * because the plugin's lazy steps share them (a form field, the texts, a validator...), each
 * fetched and compressed on its own. Modules of a page's static closure that only that
 * plugin's entry points reach join one group whose members are exactly those entry points, so
 * they become one chunk; nothing another plugin loads moves, and nothing a step alone uses
 * joins the page's first load. Answers `{ modules, members }` per plugin with such modules.
 */
export function pluginPageGroups({ metafile, root, esbuild, routes }) {
  const jsEntries = Object.entries(metafile.outputs)
    .filter(([file, info]) => file.endsWith('.js') && info.entryPoint && !info.entryPoint.includes(':'))
    .map(([file, info]) => ({ file, source: info.entryPoint }));
  const reachedBy = new Map();
  for (const entry of jsEntries) {
    for (const chunk of staticClosure(metafile, entry.file)) {
      if (!reachedBy.has(chunk)) reachedBy.set(chunk, new Set());
      reachedBy.get(chunk).add(entry.source);
    }
  }
  const pageOutputs = new Map(jsEntries.map((entry) => [entry.source, entry.file]));
  const groups = [];
  for (const plugin of [...new Set(routes.map((route) => route.plugin))]) {
    const own = (source) => source.startsWith(`plugins/${plugin}/`);
    const pages = routes
      .filter((route) => route.plugin === plugin)
      .map((route) => pageOutputs.get(path.relative(root, route.page).split(path.sep).join('/')))
      .filter(Boolean);
    const chunks = [...new Set(pages.flatMap((page) => staticClosure(metafile, page)))].filter(
      (chunk) => !metafile.outputs[chunk].entryPoint && [...reachedBy.get(chunk)].every(own),
    );
    if (chunks.length < 2) continue;
    const modules = firstLoadModules({
      metafile,
      outputs: chunks,
      root,
      esbuild,
      include: /^(node_modules|core|plugins)\//,
    });
    if (modules.length < 2) continue;
    const members = new Set(
      jsEntries.filter((entry) => own(entry.source)).map((entry) => path.join(root, entry.source)),
    );
    groups.push({ modules, members });
  }
  return groups;
}

/**
 * Export names of one module (esbuild, unbundled; a CommonJS file answers `default`, its
 * `module.exports`). An index that re-exports other files answers none: importing all of its
 * names would reach modules the first load does not use.
 */
export function exportsOf(file, esbuild) {
  if (/\bexport\s*(\*|\{[^}]*\})\s*from\s*["']/.test(readFileSync(file, 'utf8'))) return [];
  const result = esbuild.buildSync({
    entryPoints: [file],
    bundle: false,
    write: false,
    metafile: true,
    format: 'esm',
    logLevel: 'silent',
    outdir: '/tmp/first-load-group',
  });
  return Object.values(result.metafile.outputs)[0].exports;
}

/**
 * Source of the virtual module: it imports every export of the listed modules by name and
 * exports them as one array, so all of them are reached (`null`: a namespace import).
 * `specifier` turns a module's file into the text of its import (relative to the build's
 * folder in the build: the source is part of what the chunk hashes cover, so an absolute path
 * would give every checkout folder other file names for the same code).
 */
export function groupModuleSource(
  modules,
  exportsByModule,
  exportName = `${EXPORT_NAME}0`,
  specifier = (file) => file,
) {
  const lines = [];
  const refs = [];
  modules.forEach((file, i) => {
    const names = exportsByModule.get(file);
    if (names === null) {
      lines.push(`import * as m${i} from ${JSON.stringify(specifier(file))};`);
      refs.push(`m${i}`);
    } else if (names.length) {
      lines.push(
        `import { ${names.map((name, j) => `${JSON.stringify(name)} as m${i}_${j}`).join(', ')} } from ${JSON.stringify(specifier(file))};`,
      );
      names.forEach((_, j) => refs.push(`m${i}_${j}`));
    }
  });
  lines.push(`export const ${exportName} = [${refs.join(', ')}];`);
  return lines.join('\n');
}

/** Appended to each member of group `id` (see above). */
export function groupReexport(id) {
  return `\nexport { ${EXPORT_NAME}${id} } from ${JSON.stringify(`${FIRST_LOAD_GROUP}/${id}`)};\n`;
}

/** What to append to `file`: a re-export for each group it belongs to. */
export function groupAppendix(groups, file) {
  const text = groups
    .filter((group) => group.members.has(file))
    .map((group) => groupReexport(group.id))
    .join('');
  return text || undefined;
}

/** `groups`: `{ id, modules, members }` as planned by build.mjs. */
export function firstLoadGroups({ groups, esbuild }) {
  return {
    name: 'first-load-group',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${FIRST_LOAD_GROUP}/\\d+$`) }, (args) => ({
        path: args.path,
        namespace: FIRST_LOAD_GROUP,
      }));
      build.onLoad({ filter: /.*/, namespace: FIRST_LOAD_GROUP }, (args) => {
        const id = Number(args.path.split('/').pop());
        const group = groups.find((candidate) => candidate.id === id);
        const exportsByModule = new Map(group.modules.map((file) => [file, exportsOf(file, esbuild)]));
        const root = build.initialOptions.absWorkingDir;
        return {
          loader: 'js',
          contents: groupModuleSource(group.modules, exportsByModule, `${EXPORT_NAME}${id}`, (file) =>
            relativeSpecifier(root, file),
          ),
          resolveDir: root,
        };
      });
    },
  };
}
