import { definePlugin } from '@core/plugin/PluginManifest';
import { introGuard, welcomeGuard } from './logic/introGuard';

/** Root intro screen (`/?token=…&product=…&deviceId=…&incidentId=…`) and the welcome page. */
export const introPlugin = definePlugin({
  id: 'intro',
  title: 'Welcome',
  kind: 'public',
  requires: [],
  routes: [
    { path: '/', page: () => import('./pages/IntroPage'), guard: introGuard, layout: 'bare' },
    { path: '/welcome', page: () => import('./pages/WelcomePage'), guard: welcomeGuard, layout: 'bare' },
  ],
});
