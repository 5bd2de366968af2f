import { definePlugin } from '@core/plugin/PluginManifest';

/** Identity-provider redirect target (spec §2): `/login/callback`, and the short `/r`. */
export const callbackPlugin = definePlugin({
  id: 'callback',
  title: 'Sign-in callback',
  kind: 'public',
  requires: [],
  routes: [
    { path: '/login/callback', page: () => import('./pages/CallbackPage'), layout: 'bare' },
    { path: '/r', page: () => import('./pages/CallbackPage'), layout: 'bare' },
  ],
  services: () => import('./services/callbackServices').then((m) => m.callbackServices),
});
