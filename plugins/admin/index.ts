import { definePlugin } from '@core/plugin/PluginManifest';
import { isInspectionAdmin } from '@common/gluon/access';
import { adminRoutes } from '@common/admin/paths';

/**
 * Administration: users, invitations, permissions, sessions, audit log, sign-in settings and
 * branding under /admin (its own side navigation). Only this manifest is imported by the host;
 * each page is a lazy chunk.
 */
export const adminPlugin = definePlugin({
  id: 'admin',
  title: 'Administration',
  kind: 'product',
  // User management (spec §1); its `umg#otp#r` also marks a sign-in awaiting its second factor.
  prefixes: ['umg'],
  requires: ['umg'],
  // Spec §6: "Any user-management access: any umg#usr# permission, or full inspection admin."
  grantedBy: isInspectionAdmin,
  routes: [
    // The users table is the plugin's root; /admin/users is the same page (bookmarkable either way).
    { path: adminRoutes.home, page: () => import('./pages/UsersPage') },
    { path: adminRoutes.users, page: () => import('./pages/UsersPage') },
    // Declared before users/:userId so "invite" is never taken for an id.
    { path: adminRoutes.invite, page: () => import('./pages/InvitePage') },
    { path: adminRoutes.user, page: () => import('./pages/UserPage') },
    { path: adminRoutes.sessions, page: () => import('./pages/MySessionsPage') },
    { path: adminRoutes.audit, page: () => import('./pages/AuditPage') },
    { path: adminRoutes.signIn, page: () => import('./pages/SignInSettingsPage') },
    { path: adminRoutes.branding, page: () => import('./pages/BrandingPage') },
  ],
  product: { name: 'Administration', order: 50 },
  // Not a suite module (spec §6 "module enabled" is gln, elc, ntr): users with only umg land here.
  landing: { rank: 50 },
  services: () => import('./services/adminServices').then((m) => m.adminServices),
  // Gluon's collector links (/admin/collector-links) sit in Administration's side navigation.
  frame: () => import('./components/AdminLayout/AdminFrame'),
});
