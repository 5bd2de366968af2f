// Rewrites `import { Button } from '@blueprintjs/core'` in our sources into imports of the
// modules that define each name. Why: with code splitting, esbuild keeps CommonJS-interop
// statements (`__toESM(require_react())`) of every module reachable through a barrel in the
// chunk of each entry that reaches the barrel, which drags lazily used components (Popover,
// OverlayToaster, Dialog...) into the first load. Deep imports make the reachability exact.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The packages whose named imports the build rewrites (check-boundaries flags every other form of importing them). */
export const DEEP_IMPORTED_PACKAGES = ['@blueprintjs/core', '@blueprintjs/icons'];

function resolveSpec(fromFile, spec) {
  if (!spec.startsWith('.')) return { pkg: spec };
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [base, `${base}.js`, path.join(base, 'index.js')]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.js$/.test(candidate)) return { file: candidate };
  }
  throw new Error(`deep-imports: cannot resolve ${spec} from ${fromFile}`);
}

/** name -> { file | pkg, imported, namespace } for every export of an ESM barrel. */
export function buildExportMap(entryFile, seen = new Set()) {
  const map = new Map();
  if (seen.has(entryFile)) return map;
  seen.add(entryFile);
  const text = readFileSync(entryFile, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

  for (const m of text.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const target = resolveSpec(entryFile, m[2]);
    for (const part of m[1]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (part.startsWith('type ')) continue;
      const [imported, local = imported] = part.split(/\s+as\s+/).map((s) => s.trim());
      if (target.file && imported !== 'default') {
        // Follow re-exports of re-exports to the defining module.
        const inner = buildExportMap(target.file, new Set(seen)).get(imported);
        map.set(local, inner && !inner.local ? inner : { ...target, imported });
      } else {
        map.set(local, { ...target, imported });
      }
    }
  }
  for (const m of text.matchAll(/export\s*\*\s*as\s+(\w+)\s*from\s*["']([^"']+)["']/g)) {
    map.set(m[1], { ...resolveSpec(entryFile, m[2]), namespace: true });
  }
  for (const m of text.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
    const target = resolveSpec(entryFile, m[1]);
    if (!target.file) continue;
    for (const [name, where] of buildExportMap(target.file, seen)) if (!map.has(name)) map.set(name, where);
  }
  // `import * as Classes from "./classes"; export { Classes };`
  const namespaces = new Map(
    [...text.matchAll(/import\s*\*\s*as\s+(\w+)\s*from\s*["']([^"']+)["']/g)].map((m) => [m[1], m[2]]),
  );
  for (const m of text.matchAll(/export\s*\{([^}]*)\}\s*;/g)) {
    for (const part of m[1]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [imported, local = imported] = part.split(/\s+as\s+/).map((s) => s.trim());
      if (namespaces.has(imported))
        map.set(local, { ...resolveSpec(entryFile, namespaces.get(imported)), namespace: true });
    }
  }
  // Names defined right here.
  for (const m of text.matchAll(/export\s+(?:const|let|var|function\*?|class|async\s+function)\s+(\w+)/g)) {
    if (!map.has(m[1])) map.set(m[1], { file: entryFile, imported: m[1], local: true });
  }
  return map;
}

function packageEntry(pkg) {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return path.join(path.dirname(manifestPath), manifest.module);
}

/** `file` as an import specifier from `fromDir` ('./x.js', '../y/z.js'), with forward slashes. */
export function relativeSpecifier(fromDir, file) {
  const relative = path.relative(fromDir, file).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/**
 * Rewrites the named imports of `packages` in one source text; unknown names stay (types).
 * With `fromDir` (the folder of the file being rewritten), modules are imported by relative
 * paths: the rewritten source is in the source maps, which the content hashes cover, so absolute
 * paths would give the same code other file names in every checkout folder.
 */
export function rewriteImports(source, maps, fromDir = null) {
  return source.replace(/import\s*\{([^}]*)\}\s*from\s*(["'])([^"']+)\2\s*;?/g, (whole, names, _q, pkg) => {
    const map = maps.get(pkg);
    if (!map) return whole;
    const keep = [];
    const lines = [];
    for (const raw of names
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const isType = raw.startsWith('type ');
      const part = isType ? raw.slice(5).trim() : raw;
      const [imported, local = imported] = part.split(/\s+as\s+/).map((s) => s.trim());
      const where = isType ? undefined : map.get(imported);
      if (!where) {
        keep.push(raw);
        continue;
      }
      const from = JSON.stringify(
        where.file ? (fromDir ? relativeSpecifier(fromDir, where.file) : where.file) : where.pkg,
      );
      lines.push(
        where.namespace
          ? `import * as ${local} from ${from};`
          : `import { ${where.imported} as ${local} } from ${from};`,
      );
    }
    // Names we could not place are types (elided by esbuild when only used as types).
    if (keep.length) lines.push(`import { ${keep.join(', ')} } from '${pkg}';`);
    return lines.join(' ');
  });
}

/**
 * Blueprint guards its development warnings with `isNodeEnv("production")`, a function that
 * reads a bundler-injected `NODE_ENV` at run time: esbuild cannot see through the call, so the
 * warnings and their texts (`common/errors.js`, ~3 KB minified) stayed in the first load. The
 * console bundle is always a production build: the calls become constants and the dead
 * branches (and the texts only they use) are dropped.
 */
export function productionChecks(source) {
  return source
    .replace(/\bisNodeEnv\("production"\)/g, 'true')
    .replace(/\bisNodeEnv\("(?:development|test)"\)/g, 'false');
}

/**
 * `append(file)` may return text added to one of our sources (see firstLoadGroup.mjs); it lives
 * here because esbuild uses the first onLoad that answers for a file.
 */
export function blueprintDeepImports({
  packages = DEEP_IMPORTED_PACKAGES,
  include = /[\\/](core|plugins|host|e2e)[\\/].*\.tsx?$/,
  append = () => undefined,
} = {}) {
  return {
    name: 'blueprint-deep-imports',
    setup(build) {
      const maps = new Map(packages.map((pkg) => [pkg, buildExportMap(packageEntry(pkg))]));
      build.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`) || !include.test(args.path)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        const extra = append(args.path);
        if (!extra && !packages.some((pkg) => source.includes(pkg))) return undefined;
        return {
          contents: rewriteImports(source, maps, path.dirname(args.path)) + (extra ?? ''),
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
          resolveDir: path.dirname(args.path),
        };
      });
      // Blueprint core itself imports its icons through the icons barrel, and its constants
      // through `common/index.js`, whose `import * as Classes; export { Classes }` makes esbuild
      // build the whole namespace object (every class-name constant) wherever one is used.
      const commonIndex = path.join(path.dirname(packageEntry('@blueprintjs/core')), 'common', 'index.js');
      const commonMap = buildExportMap(commonIndex);
      build.onLoad({ filter: /[\\/]@blueprintjs[\\/]core[\\/]lib[\\/]esm[\\/].*\.js$/ }, (args) => {
        const original = readFileSync(args.path, 'utf8');
        const source = productionChecks(original);
        const commonSpecs = [
          ...new Set([...source.matchAll(/from\s*"((?:\.\.?\/)+common)"/g)].map((m) => m[1])),
        ].filter((spec) => path.resolve(path.dirname(args.path), spec, 'index.js') === commonIndex);
        if (!source.includes('@blueprintjs/icons') && commonSpecs.length === 0)
          return source === original
            ? undefined
            : { contents: source, loader: 'js', resolveDir: path.dirname(args.path) };
        const fileMaps = new Map([...maps, ...commonSpecs.map((spec) => [spec, commonMap])]);
        return {
          contents: rewriteImports(source, fileMaps, path.dirname(args.path)),
          loader: 'js',
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}
