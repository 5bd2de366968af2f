/**
 * The host's own instances of the modules every runtime plugin shares with it. A plugin's bare
 * `import 'react'` resolves (import map) to /console-sdk/react.js, a shim build.mjs writes that
 * awaits `globalThis[Symbol.for('console.shared')]('react')` and re-exports the answer: one
 * React, one RxJS, one tsyringe container tree, one router, one Blueprint, whatever version the
 * plugin was built with (its `sdk` range is checked at install). Each is a lazy chunk of the host:
 * nothing here is fetched before a plugin asks for it. Each goes through a file of ours
 * (./shared/): the build's first-load grouping (scripts/lib/firstLoadGroup.mjs) counts our lazy
 * modules, and a package imported lazily by itself would split the first load's shared chunk.
 */
export const sharedModules: Readonly<Record<string, () => Promise<unknown>>> = {
  react: () => import('./shared/sharedReact').then((m) => m.namespace),
  'react/jsx-runtime': () => import('./shared/sharedJsxRuntime').then((m) => m.namespace),
  'react-dom': () => import('./shared/sharedReactDom').then((m) => m.namespace),
  rxjs: () => import('./shared/sharedRxjs'),
  tsyringe: () => import('./shared/sharedTsyringe'),
  wouter: () => import('./shared/sharedWouter'),
  '@blueprintjs/core': () => import('./shared/sharedBlueprint'),
  '@console/plugin-sdk': () => import('./shared/sharedSdk'),
};

export const SHARED_MODULES_KEY = Symbol.for('console.shared');

type SharedLookup = (name: string) => Promise<unknown>;

/** Installs the lookup the shims call (once per page; a second call keeps the first). */
export function installSharedModules(target: object = globalThis): SharedLookup {
  const holder = target as { [SHARED_MODULES_KEY]?: SharedLookup };
  holder[SHARED_MODULES_KEY] ??= (name: string) => {
    const load = sharedModules[name];
    return load ? load() : Promise.reject(new Error(`the console shares no module '${name}'`));
  };
  return holder[SHARED_MODULES_KEY];
}
