/**
 * The host's own instances of the modules every runtime plugin shares with it. A plugin's bare
 * `import 'react'` resolves (import map) to /console-sdk/react.js, a shim build.mjs writes that
 * awaits `globalThis[Symbol.for('console.shared')]('react')` and re-exports the answer: one
 * React, one RxJS, one tsyringe container tree, one router, one Blueprint, whatever version the
 * plugin was built with (its `sdk` range is checked at install). Each is a lazy chunk of the host:
 * nothing here is fetched before a plugin asks for it.
 */
export const sharedModules: Readonly<Record<string, () => Promise<unknown>>> = {
  react: () => import('react'),
  'react/jsx-runtime': () => import('react/jsx-runtime'),
  'react-dom': () => import('react-dom'),
  rxjs: () => import('rxjs'),
  tsyringe: () => import('tsyringe'),
  wouter: () => import('wouter'),
  '@blueprintjs/core': () => import('@blueprintjs/core'),
  '@console/plugin-sdk': () => import('@core/sdk'),
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
