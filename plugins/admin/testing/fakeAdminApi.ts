import { createFakeAxios, type FakeReply, type FakeRequest } from '@core/testing/createFakeAxios';
import type { AdminUser } from '../api/types';

/** Test data and a fake API for the admin pages: an in-memory server behind the real HTTP service. */
export const CATALOGUE = ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw', 'gln#upl#rw', 'gln#suv#r', 'gln#sdv#r', 'gln#pdv#r', 'mnt#rsc#w', 'umg#usr#rw'];
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

/** A test's own answers; a promise holds the answer back (for in-flight states). */
export type Route = (request: FakeRequest) => FakeReply | Promise<FakeReply> | undefined;

/**
 * The admin API as an in-memory server (tests pass its axios as AxiosInstanceToken): `route`
 * answers first; the catalogue, sessions and the colleague are answered otherwise.
 */
export function fakeAdminApi(route: Route = () => undefined) {
  const fake = createFakeAxios((request) => {
    const own = route(request);
    if (own) return own;
    const key = `${request.method} ${request.url}`;
    if (key === 'GET /um/permissions') return { status: 200, data: { items: CATALOGUE } };
    if (/^GET \/um\/users\/[^/]+\/sessions$/.test(key)) return { status: 200, data: { items: [] } };
    if (key === `GET /um/users/${OTHER_ID}`) return { status: 200, data: adminUser() };
    return { status: 404, data: { message: `no fake for ${key}` } };
  });
  return { ...fake, calls: (method: string, url: string) => fake.requests.filter((r) => r.method === method && r.url === url) };
}
