import { definePlugin } from '@core/plugin/PluginManifest';

import { introGuard, welcomeGuard } from './logic/introGuard';

/** Root intro screen (`/?token=…&product=…&deviceId=…&incidentId=…`) and the welcome page. */
export const introPlugin = definePlugin({
  id: 'intro',
  title: 'Welcome',
  kind: 'public',
  requires: [],
  routes: [
    // Only a link carrying a token is the intro's; otherwise '' follows the products' landing
    // (PluginRegistry.landing: /gluon for suite users, /monitoring for a monitoring-only user...).
    {
      path: '/',
      page: () => import('./pages/IntroPage'),
      guard: (context) => introGuard(context) === true || null,
      layout: 'bare',
    },
    { path: '/welcome', page: () => import('./pages/WelcomePage'), guard: welcomeGuard, layout: 'bare' },
  ],
});
