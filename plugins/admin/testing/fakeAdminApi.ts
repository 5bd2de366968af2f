import { apiFailure } from '@core/testing/apiFailure';
import { type Faked, fakeService } from '@core/testing/fakeService';

import type { AdminApi, AdminUser } from '../api/AdminApi';

/** Test data and a fake AdminApi for the admin pages (registered by AdminApiToken). */
export const CATALOGUE = [
  'gln#rpt#rw',
  'gln#cfg#rw',
  'gln#fl#rw',
  'gln#upl#rw',
  'gln#suv#r',
  'gln#sdv#r',
  'gln#pdv#r',
  'mnt#rsc#w',
  'umg#usr#rw',
];
export const WRITER = ['umg#usr#rw', 'gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw', 'gln#upl#rw'];
export const READER = ['umg#usr#r'];
export const SELF_ID = '00000000-0000-4000-8000-000000000001';
export const OTHER_ID = '00000000-0000-4000-8000-000000000002';

export function adminUser(patch: Partial<AdminUser> = {}): AdminUser {
  return {
    id: OTHER_ID,
    email: 'colleague@example.com',
    permissions: ['gln#rpt#r'],
    status: 'active',
    disabled: false,
    totpEnabled: true,
    allowedLoginMethods: ['password'],
    createdAt: '2026-01-02T10:00:00.000Z',
    lastLoginAt: '2026-11-20T08:30:00.000Z',
    locked: false,
    identities: ['password', 'Okta'],
    ...patch,
  };
}

export type FakeAdminApi = Faked<AdminApi>;

/**
 * The admin API as a fake client: the test's own methods answer first; the catalogue, no
 * sessions and the colleague are answered otherwise, and any other call fails naming itself.
 */
export function fakeAdminApi(own: Partial<AdminApi> = {}): FakeAdminApi {
  return fakeService<AdminApi>(
    'AdminApi',
    {
      getPermissionCatalogue: async () => CATALOGUE,
      getUserSessions: async () => [],
      getUser: async (id) => {
        if (id === OTHER_ID) return adminUser();
        throw apiFailure(404, { statusCode: 404, message: 'User not found' });
      },
    },
    own,
  );
}
