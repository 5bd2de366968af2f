import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from './main';
import { ALL_PERMISSIONS } from './services/users';
import { createTestApp, type TestApp } from './test/testApp';

describe('first start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates one tenant and an administrator with every permission, once', async () => {
    const config = { ...t.config, adminEmail: 'root@example.com', adminPassword: 'Root-Pass-123' };
    const first = await bootstrapAdmin(t.db, config);
    expect(first).toEqual({ email: 'root@example.com', password: 'Root-Pass-123', created: true });
    const login = await t.login('root@example.com', 'Root-Pass-123');
    const perms = JSON.parse(Buffer.from(login.token.split('.')[1]!, 'base64url').toString()).perms;
    expect(perms).toEqual([...ALL_PERMISSIONS]);
    expect(perms).toContain('umg#usr#rw');
    const second = await bootstrapAdmin(t.db, config);
    expect(second.created).toBe(false);
    expect(await t.db.query('SELECT 1 FROM tenants')).toHaveLength(1);
  });

  it('generates a password when none is configured', async () => {
    const other = await createTestApp();
    try {
      const admin = await bootstrapAdmin(other.db, { ...other.config, adminEmail: null, adminPassword: null });
      expect(admin.email).toBe('admin@example.com');
      expect(admin.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      await expect(other.login(admin.email, admin.password!)).resolves.toHaveProperty('token');
    } finally {
      await other.close();
    }
  });
});
