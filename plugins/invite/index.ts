import { definePlugin } from '@core/plugin/PluginManifest';

/**
 * Invitation of a new administrator (spec §2 "Invite wizard"): `/invite/{id}`, also the return
 * address of an Okta or Google activation (`?oktaRedirect=true&inviteFlow=okta|google`).
 * Periodic token refresh does not run here (a core rule).
 */
export const invitePlugin = definePlugin({
  id: 'invite',
  title: 'Invitation',
  kind: 'public',
  requires: [],
  routes: [{ path: ':id', page: () => import('./pages/InvitePage'), layout: 'bare' }],
  services: () => import('./services/inviteServices').then((m) => m.inviteServices),
});
