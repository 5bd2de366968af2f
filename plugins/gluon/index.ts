import { isSaasVariant, isUploader } from '@common/gluon/access';
import { definePlugin } from '@core/plugin/PluginManifest';

/** Gluon (crash / process / file inspection): /gluon, its uploader, device and incident pages. */
export const gluonPlugin = definePlugin({
  id: 'gluon',
  title: 'Gluon',
  kind: 'product',
  prefixes: ['gln'],
  requires: ['gln'],
  routes: [
    { path: '', page: () => import('./pages/GluonPage') },
    { path: 'upload', page: () => import('./pages/UploadPage') },
    { path: 'collector-links', page: () => import('./pages/CollectorLinksPage') },
    // The same page inside Administration (its side navigation around it, when administration is registered).
    { path: '/admin/collector-links', page: () => import('./pages/CollectorLinksPage'), frame: 'admin' },
    { path: '/devices/:deviceId', page: () => import('./pages/DevicePage') },
    { path: '/incident-management/:incidentId', page: () => import('./pages/IncidentPage') },
    { path: 'devices/:deviceId', page: () => import('./pages/DevicePage') },
    { path: 'incident-management/:incidentId', page: () => import('./pages/IncidentPage') },
  ],
  product: { name: 'Gluon', order: 10 },
  // The suite's home: '' and unsafe return URLs lead here (spec §2, §9), as the best-ranked suite product.
  landing: {
    rank: 10,
    suite: true,
    signInClaims: [
      // Spec §4: uploaders go to /gluon/upload; SaaS-only gluon users go to /gluon.
      { target: 'upload', when: ({ perms }) => isUploader(perms) },
      { target: '', when: ({ perms, envType }) => envType?.toLowerCase() === 'saas' && isSaasVariant(perms) },
    ],
  },
  // Spec §6: uploaders do not see contact / feature options in the profile menu.
  profileMenuRules: [{ hide: ['contact', 'feature-request'], when: isUploader }],
  services: () => import('./services/gluonServices').then((m) => m.gluonServices),
});
