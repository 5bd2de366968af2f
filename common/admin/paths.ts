import { pathSegment } from '../navigation/pathSegment';

/** Administration's console addresses: the manifest's route patterns (under `/admin`) and the functions that build them. */
export const adminRoutes = {
  home: '',
  users: 'users',
  invite: 'users/invite',
  user: 'users/:userId',
  sessions: 'sessions',
  audit: 'audit',
  jobs: 'jobs',
  signIn: 'sign-in',
  branding: 'branding',
  scim: 'scim',
  plugins: 'plugins',
} as const;

export const adminPaths = {
  home: (): string => '/admin',
  users: (): string => '/admin/users',
  invite: (): string => '/admin/users/invite',
  user: (userId: string | number): string => `/admin/users/${pathSegment(userId)}`,
  sessions: (): string => '/admin/sessions',
  audit: (): string => '/admin/audit',
  jobs: (): string => '/admin/jobs',
  signIn: (): string => '/admin/sign-in',
  branding: (): string => '/admin/branding',
  scim: (): string => '/admin/scim',
  plugins: (): string => '/admin/plugins',
};
