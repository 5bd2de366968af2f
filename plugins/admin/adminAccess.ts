import { canWriteUsers } from '@common/admin/access';
import { canReadCollectorLinks } from '@common/gluon/collectorLinkAccess';

/** What administration's pages show or hide, for `useAccess(adminAccess)`: the checks the API applies. */
export const adminAccess = {
  /** umg#usr#rw: action buttons show only for writers (the API refuses the others anyway). */
  canWrite: canWriteUsers,
  /** Gluon's collector-links screen, listed in the side navigation (a URL, not an import). */
  collectorLinks: canReadCollectorLinks,
} as const;
