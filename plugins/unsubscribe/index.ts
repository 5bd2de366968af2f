import { definePlugin } from '@core/plugin/PluginManifest';

/** Notification unsubscribe (spec §2): `/unsubscribe?jwt=…` from a notification mail. */
export const unsubscribePlugin = definePlugin({
  id: 'unsubscribe',
  title: 'Unsubscribe',
  kind: 'public',
  requires: [],
  routes: [{ path: '', page: () => import('./pages/UnsubscribePage'), layout: 'bare' }],
  services: () => import('./services/unsubscribeServices').then((m) => m.unsubscribeServices),
});
