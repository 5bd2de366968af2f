import { definePlugin } from '@core/plugin/PluginManifest';

/** Two-factor set-up (spec §2): `/config/2fa`, also under gluon's address; the user's passkeys. */
export const mfaSetupPlugin = definePlugin({
  id: 'mfa-setup',
  title: 'Two-factor authentication',
  kind: 'shell',
  requires: [],
  routes: [
    { path: '/config/2fa', page: () => import('./pages/MfaSetupPage') },
    { path: '/gluon/config/2fa', page: () => import('./pages/MfaSetupPage') },
    // After sign-in, when the tenant requires a passkey and the user has none.
    { path: '/config/passkey', page: () => import('./pages/PasskeyRequiredPage') },
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
    {
      id: 'passkeys',
      order: 11,
      label: 'Passkeys',
      account: true,
      component: () => import('./profile/PasskeysSection'),
    },
  ],
  services: () => import('./services/mfaSetupServices').then((m) => m.mfaSetupServices),
});
