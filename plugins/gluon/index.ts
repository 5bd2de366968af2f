import { definePlugin } from '@core/plugin/PluginManifest';
import { isSaasVariant, isUploader } from '@common/gluon/access';
import { gluonRoutes } from '@common/gluon/paths';

/** Gluon (crash / process / file inspection): /gluon, its uploader, device and incident pages. */
export const gluonPlugin = definePlugin({
  id: 'gluon',
  title: 'Gluon',
  kind: 'product',
  prefixes: ['gln'],
  requires: ['gln'],
  routes: [
    { path: gluonRoutes.home, page: () => import('./pages/GluonPage') },
    { path: gluonRoutes.upload, page: () => import('./pages/UploadPage') },
    { path: gluonRoutes.collectorLinks, page: () => import('./collectorLinks/CollectorLinksPage') },
    // The same page inside Administration (its side navigation around it, when administration is registered).
    { path: gluonRoutes.adminCollectorLinks, page: () => import('./collectorLinks/CollectorLinksPage'), frame: 'admin' },
    { path: gluonRoutes.device, page: () => import('./pages/DevicePage') },
    { path: gluonRoutes.incident, page: () => import('./pages/IncidentPage') },
    { path: gluonRoutes.deviceUnderGluon, page: () => import('./pages/DevicePage') },
    { path: gluonRoutes.incidentUnderGluon, page: () => import('./pages/IncidentPage') },
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
