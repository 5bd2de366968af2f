import { Classes } from '@blueprintjs/core';

import { adminPaths } from '@common/admin/paths';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useAccess } from '@core/permissions/useAccess';
import { useObservable } from '@core/react/useObservable';
import { useService } from '@core/react/useService';

import { adminAccess } from '../../adminAccess';
import { AdminLink } from '../AdminLink/AdminLink';

/** The admin plugin's own side navigation: its pages in the order an administrator uses them. */
export const ADMIN_SECTIONS: readonly { path: string; label: string }[] = [
  { path: '/admin/users', label: 'Users' },
  { path: '/admin/sessions', label: 'My sessions' },
  { path: '/admin/audit', label: 'Audit log' },
  { path: '/admin/jobs', label: 'Jobs' },
  { path: '/admin/sign-in', label: 'Sign-in settings' },
  { path: '/admin/branding', label: 'Branding' },
  { path: '/admin/scim', label: 'SCIM provisioning' },
];

/**
 * Gluon's collector-links screen, listed for those who may read links (canReadCollectorLinks): a
 * URL, not an import. Gluon mounts it at this address inside Administration's frame (AdminFrame).
 */
const COLLECTOR_LINKS = { path: '/admin/collector-links', label: 'Collector links' };
/** Plugins installed into the running console: listed for umg#plg#r and umg#plg#rw. */
const PLUGINS = { path: adminPaths.plugins(), label: 'Plugins' };

/** Administration's side navigation, the current section marked. */
export function AdminNav() {
  const nav = useService(NavigationServiceToken);
  const path = useObservable(nav.path$, nav.path());
  const access = useAccess(adminAccess);
  const sections = [
    ...ADMIN_SECTIONS,
    ...(access.collectorLinks ? [COLLECTOR_LINKS] : []),
    ...(access.runtimePlugins ? [PLUGINS] : []),
  ];
  const active = (section: string) =>
    path === section ||
    path.startsWith(`${section}/`) ||
    (section === '/admin/users' && (path === '/admin' || path === '/admin/'));
  return (
    <nav className="admin-nav" aria-label="Administration">
      <div className={`admin-nav-title ${Classes.TEXT_MUTED}`}>Administration</div>
      <ul>
        {sections.map((s) => (
          <li key={s.path}>
            <AdminLink to={s.path} className={active(s.path) ? 'admin-nav-link admin-nav-active' : 'admin-nav-link'}>
              {s.label}
            </AdminLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
