import { definePlugin } from '@core/plugin/PluginManifest';

/**
 * Collector wizard (spec §2): `/collector/{id}` registers the visitor and downloads the
 * connector; `/collector/quick?tokenquick=…` (or `/collector/{id}?tokenquick=…`) downloads with a
 * quick-link token. `quick` is a static segment, so the host matches it before `:id`.
 */
export const collectorPlugin = definePlugin({
  id: 'collector',
  title: 'Collector',
  kind: 'public',
  requires: [],
  routes: [
    { path: 'quick', page: () => import('./pages/QuickLinkPage'), layout: 'bare' },
    { path: ':id', page: () => import('./pages/CollectorPage'), layout: 'bare' },
  ],
  services: () => import('./services/collectorServices').then((m) => m.collectorServices),
});
