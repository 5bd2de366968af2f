import { definePlugin } from '@core/plugin/PluginManifest';

/**
 * The signed-in shell's own header pieces. Each is a lazy chunk so nothing of it is in the
 * first load of the public pages. Other plugins add profile-menu sections (contact, feature
 * request...) through their own `profileMenu` contributions; the menu lists them.
 */
export const shellPlugin = definePlugin({
  id: 'shell',
  title: 'Shell',
  kind: 'shell',
  requires: [],
  routes: [],
  header: [
    { id: 'theme-toggle', slot: 'end', order: 10, component: () => import('./header/ThemeToggle') },
    { id: 'profile-menu', slot: 'end', order: 20, component: () => import('./header/ProfileMenu') },
  ],
});
