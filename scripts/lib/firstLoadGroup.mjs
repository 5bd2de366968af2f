// Groups the first load into few files. esbuild's code splitting puts every piece of code into
// the chunk of the exact set of entry points (the host entry and each lazily imported page,
// header item or outlet) that reach it. Lazily loaded modules each use a different subset of the
// libraries and core services the host entry already loads, so that code was cut into ~25
// small chunks, all fetched on the first load anyway; brotli compresses each file on its own,
// which cost ~7 KiB on /login.
//
// The build therefore runs twice. The first run lists the library and core modules the host
// entry loads; in the second, the host entry and every lazily loaded module also re-export one
// virtual module that namespace-imports exactly those modules. Every such module is then
// reached by every entry point, so esbuild emits them as one shared chunk. This adds nothing to
// any later fetch (the lazy chunks only import what the first load already fetched) and changes
// no evaluation order that matters: all of those modules are imported by the entry already.
// Only unused exports of modules that are loaded anyway come along (measured in the report).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const FIRST_LOAD_GROUP = 'first-load-group';
const EXPORT_NAME = '__firstLoadGroup';

/**
 * Library and core modules whose code the given outputs (the entry's static closure, from the
 * first build's metafile) carry. A module of which the first load uses only a small part
 * (tslib's helpers, a few functions of a package index) is left out: grouping reaches all of
 * its exports, which would cost more than the file it saves.
 */
export function firstLoadModules({ metafile, outputs, root, esbuild, maxUnusedBytes = 1024 }) {
  const used = new Map();
  for (const out of outputs) {
    for (const [input, info] of Object.entries(metafile.outputs[out]?.inputs ?? {})) {
      if (input.includes(':') || !/\.(m?js|cjs|tsx?)$/.test(input) || !/^(node_modules|core)\//.test(input)) continue;
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
 * Export names of one module (esbuild, unbundled). `null` for CommonJS, whose exports are not
 * static: those are imported as a namespace, which costs nothing more for CommonJS.
 */
export function exportsOf(file, esbuild) {
  const result = esbuild.buildSync({ entryPoints: [file], bundle: false, write: false, metafile: true, format: 'esm', logLevel: 'silent', outdir: '/tmp/first-load-group' });
  const output = Object.values(result.metafile.outputs)[0];
  const text = result.outputFiles[0].text;
  // A re-exporting index would reach modules the first load does not use: leave it out.
  if (/\bexport\s*(\*|\{[^}]*\})\s*from\s*["']/.test(readFileSync(file, 'utf8'))) return [];
  if (output.exports.length) return output.exports;
  return /\b(module\.exports|exports\.|require\()/.test(text) ? null : [];
}

/**
 * Source of the virtual module: it imports every export of the listed modules by name (a
 * namespace object for CommonJS) and exports them as one array, so all of them are reached.
 */
export function groupModuleSource(modules, exportsByModule) {
  const lines = [];
  const refs = [];
  modules.forEach((file, i) => {
    const names = exportsByModule.get(file);
    if (names === null) {
      lines.push(`import * as m${i} from ${JSON.stringify(file)};`);
      refs.push(`m${i}`);
    } else if (names.length) {
      lines.push(`import { ${names.map((name, j) => `${JSON.stringify(name)} as m${i}_${j}`).join(', ')} } from ${JSON.stringify(file)};`);
      names.forEach((_, j) => refs.push(`m${i}_${j}`));
    }
  });
  lines.push(`export const ${EXPORT_NAME} = [${refs.join(', ')}];`);
  return lines.join('\n');
}

/** Appended to the entry and to each lazily loaded module (see above). */
export const groupReexport = `\nexport { ${EXPORT_NAME} } from ${JSON.stringify(FIRST_LOAD_GROUP)};\n`;

export function firstLoadGroup({ modules, esbuild }) {
  return {
    name: 'first-load-group',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${FIRST_LOAD_GROUP}$`) }, () => ({ path: FIRST_LOAD_GROUP, namespace: FIRST_LOAD_GROUP }));
      build.onLoad({ filter: /.*/, namespace: FIRST_LOAD_GROUP }, () => {
        const exportsByModule = new Map(modules.map((file) => [file, exportsOf(file, esbuild)]));
        return { loader: 'js', contents: groupModuleSource(modules, exportsByModule), resolveDir: build.initialOptions.absWorkingDir };
      });
    },
  };
}
