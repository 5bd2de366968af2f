import { definePlugin } from '@core/plugin/PluginManifest';

/** Sign-in (spec §2 "Login screen steps"): every step lives on /login. */
export const loginPlugin = definePlugin({
  id: 'login',
  title: 'Sign in',
  kind: 'public',
  requires: [],
  routes: [{ path: '', page: () => import('./pages/LoginPage'), layout: 'bare' }],
});
