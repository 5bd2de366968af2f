import type { FastifyInstance } from 'fastify';

import { ALL_PERMISSIONS } from '../services/users';
import { DEFAULT_DEV_IDP_USERS } from './devIdpUsers';

/**
 * Development only, on the first start: an account in the oldest tenant for each verified test
 * user of the dev IdP, so "Sign in with Okta / Google / Jamf" works on a fresh `npm start`
 * without the operator CLI. The accounts have no password (SSO only; an empty
 * allowed-login-methods list admits every provider) and every permission, like the first
 * administrator. Existing accounts are left alone. Answers the e-mails it created.
 */
export async function seedDevSsoUsers(app: FastifyInstance): Promise<string[]> {
  const [tenant] = await app.db.query<{ id: string }>('SELECT id FROM tenants ORDER BY created_at, id LIMIT 1');
  if (!tenant) return [];
  const created: string[] = [];
  for (const user of DEFAULT_DEV_IDP_USERS.filter((u) => u.emailVerified)) {
    const rows = await app.db.query<{ email: string }>(
      `INSERT INTO users (tenant_id, email, password_hash, permissions) VALUES ($1, $2, NULL, $3)
       ON CONFLICT (email) DO NOTHING RETURNING email`,
      [tenant.id, user.email, [...ALL_PERMISSIONS]],
    );
    if (rows[0]) created.push(rows[0].email);
  }
  return created;
}
