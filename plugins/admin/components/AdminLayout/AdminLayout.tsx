import { Classes, H2 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { canReadCollectorLinks } from '@common/permissions/collectorLinkAccess';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useObservable } from '@core/react/useObservable';
import { useService } from '@core/react/useService';
import { useAdminAccess } from '../../hooks/useAdminAccess';
import { AdminLink } from '../AdminLink/AdminLink';
import '../../admin.css';

/** The admin plugin's own side navigation: its pages in the order an administrator uses them. */
export const ADMIN_SECTIONS: readonly { path: string; label: string }[] = [
  { path: '/admin/users', label: 'Users' },
  { path: '/admin/sessions', label: 'My sessions' },
  { path: '/admin/audit', label: 'Audit log' },
  { path: '/admin/sign-in', label: 'Sign-in settings' },
  { path: '/admin/branding', label: 'Branding' },
];

/** Gluon's collector-links screen, listed for those who may read links (canReadCollectorLinks): a URL, not an import. */
const COLLECTOR_LINKS = { path: '/gluon/collector-links', label: 'Collector links' };

/** AdminLayoutProps: `title` is the page heading; `actions` sit at its right (writers' buttons). */
export interface AdminLayoutProps {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}

export function AdminLayout({ title, actions, children }: AdminLayoutProps) {
  const nav = useService(NavigationServiceToken);
  const path = useObservable(nav.path$, nav.path());
  const { perms } = useAdminAccess();
  const sections = canReadCollectorLinks(perms) ? [...ADMIN_SECTIONS, COLLECTOR_LINKS] : ADMIN_SECTIONS;
  const active = (section: string) => path === section || path.startsWith(`${section}/`) || (section === '/admin/users' && (path === '/admin' || path === '/admin/'));
  return (
    <div className="admin-page">
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
      <div className="admin-content">
        <header className="admin-content-header">
          <H2>{title}</H2>
          <div className="admin-actions">{actions}</div>
        </header>
        {children}
      </div>
    </div>
  );
}
