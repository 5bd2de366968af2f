// esbuild plugins that keep Blueprint's icon data out of the bundle.
import path from 'node:path';

import { relativeSpecifier } from './deepImports.mjs';

const ICONS_LIB = /[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]/;

/**
 * Blueprint's icon index re-exports `./allPaths`, which namespace-imports every icon path
 * (~650 KiB minified) so no bundler can tree-shake it, and its loader can lazy-load all of them
 * again through `./paths-loaders/*`. We use icon COMPONENTS (each carries its own paths), so
 * both are replaced by empty modules: string icon names render nothing instead of pulling
 * every path into the first load.
 */
export function blueprintIconsStub({ appendToLoader = '' } = {}) {
  return {
    name: 'blueprint-icons-stub',
    setup(build) {
      build.onResolve({ filter: /(^|[\\/])allPaths(\.js)?$/ }, (args) =>
        ICONS_LIB.test(args.importer) ? { path: 'allPaths', namespace: 'blueprint-icons-stub' } : undefined,
      );
      // Both loaders (`paths-loaders/*` and the `next/` generation's `pathsLoader`), and any
      // direct import of a generated paths index, resolve to loaders that find nothing.
      build.onResolve(
        {
          filter:
            /(paths-loaders[\\/]|(^|[\\/])pathsLoader(\.js)?$|generated[\\/](16px[\\/]|20px[\\/])?paths([\\/]index)?(\.js)?$)/,
        },
        (args) =>
          ICONS_LIB.test(args.importer) ? { path: 'pathsLoader', namespace: 'blueprint-icons-stub' } : undefined,
      );
      // The name tables (every icon name, plus change-case to derive them) only serve string
      // icon names, which we do not use: an empty table makes Blueprint warn about any such name.
      build.onResolve({ filter: /(^|[\\/])iconNames(\.js)?$/ }, (args) =>
        ICONS_LIB.test(args.importer) ? { path: 'iconNames', namespace: 'blueprint-icons-stub' } : undefined,
      );
      build.onLoad({ filter: /^iconNames$/, namespace: 'blueprint-icons-stub' }, () => ({
        loader: 'js',
        contents: ['export const IconNames = {};', 'export const IconNamesSet = new Set();'].join('\n'),
      }));
      build.onLoad({ filter: /^allPaths$/, namespace: 'blueprint-icons-stub' }, () => ({
        loader: 'js',
        contents: [
          'export const IconSvgPaths16 = {};',
          'export const IconSvgPaths20 = {};',
          'export function getIconPaths() { return undefined; }',
          'export function iconNameToPathsRecordKey(name) { return name; }',
        ].join('\n'),
      }));
      build.onLoad({ filter: /^pathsLoader$/, namespace: 'blueprint-icons-stub' }, () => ({
        loader: 'js',
        contents:
          [
            'const none = async () => undefined;',
            'export const allPathsLoader = none;',
            'export const splitPathsBySizeLoader = none;',
            'export const defaultNextIconPathsLoader = none;',
            'export default {};',
          ].join('\n') + appendToLoader,
        // The loader is a lazily imported module: it may join the first-load group (build.mjs).
        resolveDir: process.cwd(),
      }));
    },
  };
}

/** Removes @font-face rules from a stylesheet (nested braces are not used inside them). */
export function stripFontFaces(css) {
  return css.replace(/@font-face\s*\{[^}]*\}/g, '');
}

/**
 * The icon font (`blueprint-icons-*.ttf/woff/woff2`) is only needed for icon-name strings in
 * CSS; we never use those, so any Blueprint icons stylesheet loses its @font-face rules and
 * no font file is emitted or fetched.
 */
export function stripIconFonts() {
  return {
    name: 'strip-icon-fonts',
    setup(build) {
      build.onLoad({ filter: /[\\/]@blueprintjs[\\/]icons[\\/].*\.css$/ }, async (args) => {
        const { readFile } = await import('node:fs/promises');
        return { loader: 'css', contents: stripFontFaces(await readFile(args.path, 'utf8')) };
      });
      build.onResolve({ filter: /blueprint-icons.*\.(ttf|woff2?|eot)$/ }, () => ({
        path: 'icon-font',
        namespace: 'stripped-icon-font',
      }));
      build.onLoad({ filter: /.*/, namespace: 'stripped-icon-font' }, () => ({ loader: 'dataurl', contents: '' }));
    },
  };
}

/**
 * `reflect-metadata` must run before tsyringe's module body, and with code splitting no import
 * order guarantees that. The build therefore ships a small classic script (the subset tsyringe
 * uses, see reflectMetadataShim.js) loaded by index.html before the module entry, and bundles
 * `import 'reflect-metadata'` as an empty module.
 */
export function reflectMetadataShim() {
  return {
    name: 'reflect-metadata-shim',
    setup(build) {
      build.onResolve({ filter: /^reflect-metadata$/ }, () => ({
        path: 'reflect-metadata',
        namespace: 'reflect-metadata-shim',
      }));
      build.onLoad({ filter: /.*/, namespace: 'reflect-metadata-shim' }, () => ({
        loader: 'js',
        contents: '// provided by the classic script index.html loads first',
      }));
    },
  };
}

/**
 * esbuild does not load the CSS of lazily imported chunks. Stylesheets imported by plugins
 * (and core components) are therefore minified into their chunk and injected when it runs,
 * so a page's styles arrive with the page and never weigh on the first load.
 *
 * `inDocument` (ids relative to the root) are the exception: the styles of a public first
 * screen whose copy the document carries (scripts/lib/prerender.mjs). Those are collected into
 * `documentStyles` (the build writes them into index.html) and their chunk carries nothing.
 */
export function chunkCss({ root, dirs = ['plugins', 'core'], inDocument = [], documentStyles = new Map() }) {
  const inside = (file) => dirs.some((dir) => file.startsWith(`${root}/${dir}/`));
  const helper = new URL('./injectStyle.js', import.meta.url).pathname;
  return {
    name: 'chunk-css',
    setup(build) {
      build.onLoad({ filter: /\.css$/ }, async (args) => {
        if (!inside(args.path)) return undefined;
        const { readFile } = await import('node:fs/promises');
        const esbuild = await import('esbuild');
        const { code } = await esbuild.transform(await readFile(args.path, 'utf8'), { loader: 'css', minify: true });
        const id = args.path.slice(root.length + 1);
        if (inDocument.includes(id)) {
          documentStyles.set(id, code);
          return { loader: 'js', contents: '' };
        }
        // The helper by a relative path: generated sources end up in the source maps, which the
        // content hashes cover, so an absolute one would name the same code differently per folder.
        return {
          loader: 'js',
          contents: `import { injectStyle } from ${JSON.stringify(relativeSpecifier(path.dirname(args.path), helper))};\ninjectStyle(${JSON.stringify(code)}, ${JSON.stringify(id)});`,
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}

/**
 * axios registers three adapters and picks the first the environment supports, in the order
 * `['xhr', 'http', 'fetch']`. In a browser `xhr` always wins, and the console needs it anyway
 * (download progress comes from XMLHttpRequest events); nothing of ours asks for `adapter:
 * 'fetch'`. Its module (~7 KiB minified) is therefore replaced by one whose `getFetch` reports
 * "not supported by the environment" (`false`), exactly what axios itself answers where fetch is
 * missing, so a request that did name the fetch adapter would fail with axios's own clear error.
 */
export function axiosWithoutFetchAdapter() {
  return {
    name: 'axios-without-fetch-adapter',
    setup(build) {
      build.onResolve({ filter: /^\.\/fetch\.js$/ }, (args) =>
        /[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/.test(args.importer)
          ? { path: 'axios-fetch-adapter', namespace: 'axios-without-fetch' }
          : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'axios-without-fetch' }, () => ({
        loader: 'js',
        contents: ['export const getFetch = () => false;', 'export default false;'].join('\n'),
      }));
    },
  };
}

/**
 * wouter imports `useSyncExternalStore` from the `use-sync-external-store` shim, written for React
 * 16-17. React 18 and later have the hook built in and the shim only hands React's back, but its
 * module (~2 KiB minified, with a fallback that can never run here) stayed in every first load.
 * The shim's entry is replaced by React's own export: the same function the shim answers with.
 */
export function reactOwnSyncExternalStore({ resolveDir }) {
  return {
    name: 'react-own-sync-external-store',
    setup(build) {
      build.onResolve({ filter: /^use-sync-external-store\/shim(\/index\.js)?$/ }, () => ({
        path: 'use-sync-external-store-shim',
        namespace: 'react-own-sync-external-store',
      }));
      build.onLoad({ filter: /.*/, namespace: 'react-own-sync-external-store' }, () => ({
        loader: 'js',
        contents: "export { useSyncExternalStore } from 'react';",
        resolveDir,
      }));
    },
  };
}

/**
 * Blueprint builds its ~500 class-name constants as `${NS}-button`, `${DIALOG}-footer` or
 * `intentClass(Intent.PRIMARY)` from a `let NS` that a global `BLUEPRINT_NAMESPACE` may
 * override. esbuild cannot prove such expressions free of side effects, so every constant stayed
 * in the first load (~13 KiB minified) though we use a few dozen; the same holds for the
 * warning texts of `common/errors.js` (`ns + "..."`, ~5 KiB). The console never defines that
 * global, so each constant is replaced by its value as Node computes it from the same file's CommonJS build (NS
 * = "bp6", Blueprint's own default); string literals are tree-shaken when unused. The helper
 * functions below them stay as they are.
 */
export function blueprintConstantClasses() {
  return {
    name: 'blueprint-constant-classes',
    setup(build) {
      build.onLoad(
        { filter: /[\\/]@blueprintjs[\\/]core[\\/]lib[\\/]esm[\\/]common[\\/](classes|errors)\.js$/ },
        async (args) => {
          const { readFile } = await import('node:fs/promises');
          const { createRequire } = await import('node:module');
          // The CommonJS twin of the same file (Node cannot load the extensionless ESM imports).
          const values = createRequire(import.meta.url)(args.path.replace(/([\\/]lib[\\/])esm([\\/])/, '$1cjs$2'));
          const source = await readFile(args.path, 'utf8');
          let replaced = 0;
          // The warning texts only serve development builds (React itself drops its own in
          // production): each becomes its constant's name, enough to look it up.
          const warnings = /[\\/]errors\.js$/.test(args.path);
          const contents = source.replace(/^export const (\w+) = [^;\n]*;$/gm, (line, name) => {
            if (typeof values[name] !== 'string') return line;
            replaced += 1;
            return `export const ${name} = ${JSON.stringify(warnings ? `[Blueprint] ${name}` : values[name])};`;
          });
          if (replaced < 40)
            throw new Error(
              `blueprint-constant-classes: only ${replaced} constants in ${args.path}; update the plugin`,
            );
          return { loader: 'js', contents };
        },
      );
    },
  };
}
