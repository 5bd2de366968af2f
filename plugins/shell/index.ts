import { definePlugin } from '@core/plugin/PluginManifest';

/**
 * The signed-in shell: the header's theme toggle and profile menu, and the menu's own sections
 * (options, contact, feature request). Every piece is a lazy chunk, so nothing of it is in the
 * first load of the public pages. Other plugins add sections through their own `profileMenu`
 * (mfa-setup: two-factor); products hide some for their users through `profileMenuRules`
 * (gluon: uploaders see neither contact nor feature-request, spec §6).
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
    { id: 'page-title', slot: 'end', order: 99, component: () => import('./header/PageTitle') },
  ],
  profileMenu: [
    { id: 'options', order: 0, label: 'Options', account: true, component: () => import('./options/OptionsSection') },
    { id: 'contact', order: 20, label: 'Contact Us', component: () => import('./contact/ContactSection') },
    {
      id: 'feature-request',
      order: 30,
      label: 'Feature request',
      component: () => import('./feature/FeatureRequestSection'),
    },
  ],
  services: () => import('./services/shellServices').then((m) => m.shellServices),
});
