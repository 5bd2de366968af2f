import { definePlugin } from '@core/plugin/PluginManifest';

/** Administration: everything under /admin. Only this manifest is imported by the host; the page is a lazy chunk. */
export const adminPlugin = definePlugin({
  id: 'admin',
  title: 'Administration',
  kind: 'product',
  // User management (spec §1); its `umg#otp#r` also marks a sign-in awaiting its second factor.
  prefixes: ['umg'],
  requires: ['umg'],
  routes: [{ path: '', page: () => import('./pages/AdminPage') }],
  product: { name: 'Administration', order: 50 },
  // Not a suite module (spec §6 "module enabled" is gln, elc, ntr): users with only umg land here.
  landing: { rank: 50 },
});
