import { definePlugin } from '@core/plugin/PluginManifest';

/** Gluon (crash / process / file inspection): /gluon, its uploader, device and incident pages. */
export const gluonPlugin = definePlugin({
  id: 'gluon',
  title: 'Gluon',
  kind: 'product',
  requires: ['gln'],
  routes: [
    { path: '', page: () => import('./pages/GluonPage') },
    { path: 'upload', page: () => import('./pages/UploadPage') },
    { path: '/devices/:deviceId', page: () => import('./pages/DevicePage') },
    { path: '/incident-management/:incidentId', page: () => import('./pages/IncidentPage') },
  ],
  product: { name: 'Gluon', order: 10 },
});
