import { definePlugin } from '@core/plugin/PluginManifest';

/**
 * Electron (compromise assessment of Macs from Aftermath archives): everything under /electron.
 * Only this manifest is imported by the host; each page is a lazy chunk, fetched only for tokens
 * with an `elc` permission.
 */
export const electronPlugin = definePlugin({
  id: 'electron',
  title: 'Electron',
  kind: 'product',
  prefixes: ['elc'],
  requires: ['elc'],
  routes: [
    { path: '', page: () => import('./pages/ElectronPage') },
    { path: 'upload', page: () => import('./pages/UploadPage') },
    { path: 'devices/:deviceId', page: () => import('./pages/MacPage') },
  ],
  product: { name: 'Electron', order: 30 },
  landing: { rank: 30, suite: true },
});
