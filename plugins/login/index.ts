import { definePlugin } from '@core/plugin/PluginManifest';

/** Sign-in (spec §2 "Login screen steps"): every step lives on /login. */
export const loginPlugin = definePlugin({
  id: 'login',
  title: 'Sign in',
  kind: 'public',
  requires: [],
  routes: [{ path: '', page: () => import('./pages/LoginPage'), layout: 'bare' }],
  // The services come with the page module (it re-exports them): /login is most visits' first
  // screen, and a chunk of their own would be one more file to fetch before it paints.
  services: () => import('./pages/LoginPage').then((m) => m.loginServices),
});
