import { definePlugin } from '@core/plugin/PluginManifest';
import { resetPasswordRoutes } from '@common/reset-password/paths';

/** Password reset from the mailed link (spec §2 "Reset password page"). */
export const resetPasswordPlugin = definePlugin({
  id: 'reset-password',
  title: 'Reset password',
  kind: 'public',
  requires: [],
  routes: [{ path: resetPasswordRoutes.reset, page: () => import('./pages/ResetPasswordPage'), layout: 'bare' }],
  services: () => import('./services/resetPasswordServices').then((m) => m.resetPasswordServices),
});
