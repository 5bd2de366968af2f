import { definePlugin } from '@core/plugin/PluginManifest';

/** Two-factor set-up (spec §2): `/config/2fa`, also under gluon's address. */
export const mfaSetupPlugin = definePlugin({
  id: 'mfa-setup',
  title: 'Two-factor authentication',
  kind: 'shell',
  requires: [],
  routes: [
    { path: '/config/2fa', page: () => import('./pages/MfaSetupPage') },
    { path: '/gluon/config/2fa', page: () => import('./pages/MfaSetupPage') },
  ],
  // How a signed-in user finds the set-up page.
  profileMenu: [
    {
      id: 'two-factor',
      order: 10,
      label: 'Two-factor authentication',
      account: true,
      component: () => import('./profile/TwoFactorSection'),
    },
  ],
  services: () => import('./services/mfaSetupServices').then((m) => m.mfaSetupServices),
});
