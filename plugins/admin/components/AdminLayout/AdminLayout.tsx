import '../../admin.css';

import { H2 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

import { AdminNav } from './AdminNav';

/** AdminLayoutProps: `title` is the page heading; `actions` sit at its right (writers' buttons). */
export interface AdminLayoutProps {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** An administration page: the side navigation, the page's heading with its actions, the content. */
export function AdminLayout({ title, actions, children }: AdminLayoutProps) {
  return (
    <div className="admin-page">
      <AdminNav />
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
