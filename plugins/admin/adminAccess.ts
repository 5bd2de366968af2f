import { canWriteUsers } from '@common/admin/access';
import { canReadCollectorLinks } from '@common/gluon/collectorLinkAccess';
import { canReadRuntimePlugins, canWriteRuntimePlugins } from '@common/runtimePlugins/access';

/** What administration's pages show or hide, for `useAccess(adminAccess)`: the checks the API applies. */
export const adminAccess = {
  /** umg#usr#rw: action buttons show only for writers (the API refuses the others anyway). */
  canWrite: canWriteUsers,
  /** Gluon's collector-links screen, listed in the side navigation (a URL, not an import). */
  collectorLinks: canReadCollectorLinks,
  /** umg#plg#r or umg#plg#rw: the Plugins page (runtime plugins) is listed. */
  runtimePlugins: canReadRuntimePlugins,
  /** umg#plg#rw: installing and removing plugins. */
  runtimePluginsWrite: canWriteRuntimePlugins,
} as const;
