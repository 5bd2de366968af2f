import type { ComponentType } from 'react';

import type { HeaderContribution, PageProps, PluginManifest, PluginRoute } from '@core/plugin/PluginManifest';
import type { AnyServiceFactory } from '@core/plugin/ServiceFactory';

import type { RuntimeManifest } from './RuntimePluginsApi';

/** What a runtime plugin's entry module exports: its pages and header pieces by name, and `services`. */
export type RuntimeModule = Record<string, unknown>;

function exported<P>(module: RuntimeModule, name: string, manifest: RuntimeManifest): { default: ComponentType<P> } {
  const value = module[name];
  // A component is a function (or a memo/forwardRef object); anything else is the package's mistake.
  if (typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value))
    return { default: value as ComponentType<P> };
  throw new Error(`${manifest.title} ${manifest.version} exports no component named '${name}'`);
}

/**
 * A runtime plugin as the registry knows built-in products: its routes and header pieces are lazy
 * components of the one entry module (imported once, when the first of them renders), and its
 * `services` export goes into its own child container. Every runtime plugin has one (an empty
 * list is fine), so nothing it registers reaches the host's or another plugin's container.
 */
export function toPluginManifest(manifest: RuntimeManifest, load: () => Promise<RuntimeModule>): PluginManifest {
  const routes: PluginRoute[] = manifest.routes.map((route) => ({
    path: route.path,
    page: () => load().then((module) => exported<PageProps>(module, route.page, manifest)),
    ...(route.layout ? { layout: route.layout } : {}),
  }));
  const header: HeaderContribution[] = (manifest.header ?? []).map((item) => ({
    id: item.id,
    slot: item.slot,
    order: item.order,
    component: () => load().then((module) => exported<object>(module, item.component, manifest)),
  }));
  return {
    id: manifest.id,
    title: manifest.title,
    kind: 'product',
    prefixes: manifest.prefixes,
    requires: manifest.requires,
    routes,
    header,
    ...(manifest.product ? { product: { ...manifest.product } } : {}),
    ...(manifest.landing ? { landing: { rank: manifest.landing.rank } } : {}),
    services: () =>
      load().then((module) => {
        const services = module.services;
        if (services === undefined) return [];
        if (!Array.isArray(services))
          throw new Error(`${manifest.title} ${manifest.version}: its 'services' export is not a list`);
        return services as readonly AnyServiceFactory[];
      }),
  };
}
