import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../test/testApp';
import { seedDevSsoUsers } from './seedDevSsoUsers';

describe('seedDevSsoUsers (first development start)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('does nothing without a tenant', async () => {
    expect(await seedDevSsoUsers(t.app)).toEqual([]);
  });

  it('creates SSO-only accounts for the verified test users in the oldest tenant, once, keeping existing ones', async () => {
    const first = await t.createTenant('First');
    const second = await t.createTenant('Second');
    // Made plainly younger: PGlite's clock can give two statements in a row the same now(), and
    // then the id (random) would decide which tenant is the oldest.
    await t.db.query("UPDATE tenants SET created_at = created_at + interval '1 second' WHERE id = $1", [second]);
    await t.createUser({ tenantId: first, email: 'google.user@example.com', permissions: ['gln#rpt#r'] });
    expect((await seedDevSsoUsers(t.app)).sort()).toEqual(['jamf.user@corp.example', 'okta.user@example.com']);
    const rows = await t.db.query<{ email: string; tenant_id: string; has_password: boolean; permissions: string[] }>(
      `SELECT email, tenant_id, password_hash IS NOT NULL AS has_password, permissions FROM users ORDER BY email`,
    );
    expect(rows.map((r) => [r.email, r.tenant_id === first, r.has_password])).toEqual([
      ['google.user@example.com', true, true],
      ['jamf.user@corp.example', true, false],
      ['okta.user@example.com', true, false],
    ]);
    expect(rows[0]!.permissions).toEqual(['gln#rpt#r']);
    expect(rows[2]!.permissions).toContain('umg#usr#rw');
    expect(await seedDevSsoUsers(t.app)).toEqual([]);
  });
});
