import '../../admin.css';

import type { ReactNode } from 'react';

import { AdminNav } from './AdminNav';

/**
 * Administration's side navigation around another plugin's page (the manifest's `frame`): gluon's
 * collector links at /admin/collector-links stay inside Administration. The page keeps its own heading.
 */
export default function AdminFrame({ children }: { children: ReactNode }) {
  return (
    <div className="admin-page">
      <AdminNav />
      <div className="admin-frame-content">{children}</div>
    </div>
  );
}
