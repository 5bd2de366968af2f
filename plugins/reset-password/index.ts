import { definePlugin } from '@core/plugin/PluginManifest';

/** Password reset from the mailed link (spec §2 "Reset password page"). */
export const resetPasswordPlugin = definePlugin({
  id: 'reset-password',
  title: 'Reset password',
  kind: 'public',
  requires: [],
  routes: [
    { path: '/resetPassword/:password_recovery_id', page: () => import('./pages/ResetPasswordPage'), layout: 'bare' },
  ],
  services: () => import('./services/resetPasswordServices').then((m) => m.resetPasswordServices),
});
