import { isInspectionAdmin } from '@common/gluon/access';
import { definePlugin } from '@core/plugin/PluginManifest';

/**
 * Administration: users, invitations, permissions, sessions, audit log, background jobs, sign-in
 * settings and branding under /admin (its own side navigation). Only this manifest is imported by the host;
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
    { path: '', page: () => import('./pages/UsersPage') },
    { path: 'users', page: () => import('./pages/UsersPage') },
    // Declared before users/:userId so "invite" is never taken for an id.
    { path: 'users/invite', page: () => import('./pages/InvitePage') },
    { path: 'users/:userId', page: () => import('./pages/UserPage') },
    { path: 'sessions', page: () => import('./pages/MySessionsPage') },
    { path: 'audit', page: () => import('./pages/AuditPage') },
    { path: 'jobs', page: () => import('./pages/JobsPage') },
    { path: 'sign-in', page: () => import('./pages/SignInSettingsPage') },
    { path: 'branding', page: () => import('./pages/BrandingPage') },
    { path: 'scim', page: () => import('./pages/ScimPage') },
    { path: 'plugins', page: () => import('./pages/PluginsPage') },
  ],
  product: { name: 'Administration', order: 50 },
  // Not a suite module (spec §6 "module enabled" is gln, elc, ntr): users with only umg land here.
  landing: { rank: 50 },
  services: () => import('./services/adminServices').then((m) => m.adminServices),
  // Gluon's collector links (/admin/collector-links) sit in Administration's side navigation.
  frame: () => import('./components/AdminLayout/AdminFrame'),
});
