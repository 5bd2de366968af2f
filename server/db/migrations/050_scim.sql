-- SCIM 2.0 provisioning (server/modules/scim): one bearer token per tenant (only its SHA-256 is
-- stored), the users and groups a directory provisioned, and their link to the console's users.

CREATE TABLE scim_tokens (
  tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);

CREATE TABLE scim_users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  user_name text NOT NULL,
  external_id text,
  active boolean NOT NULL DEFAULT true,
  -- the SCIM attributes as the directory sent them (known attributes only, canonical names)
  resource jsonb NOT NULL,
  -- the console account signing in as this user (NULL when userName is not an e-mail address)
  user_id uuid UNIQUE REFERENCES users(id) ON DELETE SET NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- userName is unique per tenant, compared without case (RFC 7643 §4.1.1: caseExact false)
CREATE UNIQUE INDEX scim_users_user_name_idx ON scim_users (tenant_id, lower(user_name));
CREATE INDEX scim_users_external_id_idx ON scim_users (tenant_id, external_id);

CREATE TABLE scim_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  display_name text NOT NULL,
  external_id text,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scim_groups_tenant_idx ON scim_groups (tenant_id);

CREATE TABLE scim_group_members (
  group_id uuid NOT NULL REFERENCES scim_groups(id) ON DELETE CASCADE,
  scim_user_id uuid NOT NULL REFERENCES scim_users(id) ON DELETE CASCADE,
  -- the member's display text as the directory sent it (answered back; userName when none)
  display text,
  PRIMARY KEY (group_id, scim_user_id)
);
CREATE INDEX scim_group_members_user_idx ON scim_group_members (scim_user_id);
