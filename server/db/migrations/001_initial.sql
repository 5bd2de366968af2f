-- Initial schema. Runs unchanged on PGlite and PostgreSQL.
-- Conventions: uuid ids (gen_random_uuid), timestamptz, e-mails stored lower-case,
-- every secret (token, code, link id) stored only as a hash, never in clear.

CREATE TABLE tenants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  environment_type text NOT NULL DEFAULT 'saas',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  -- the username; globally unique so sign-in needs no tenant
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  -- argon2id PHC string; NULL for SSO-only or not yet activated users
  password_hash text,
  permissions text[] NOT NULL DEFAULT '{}',
  -- 'invited' until the invitation is accepted, then 'active'
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('invited', 'active')),
  disabled boolean NOT NULL DEFAULT false,
  allowed_login_methods text[] NOT NULL DEFAULT '{}',
  totp_enabled boolean NOT NULL DEFAULT false,
  -- base32 secret; pending until verifyQr turns MFA on
  totp_secret text,
  totp_pending_secret text,
  -- last accepted 30 s step: a code is accepted once (replay protection)
  totp_last_step integer,
  -- progressive lockout (see server/ARCHITECTURE.md)
  failed_logins integer NOT NULL DEFAULT 0,
  last_failed_login_at timestamptz,
  failed_mfa integer NOT NULL DEFAULT 0,
  last_failed_mfa_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);
CREATE INDEX users_tenant_idx ON users (tenant_id);

CREATE TABLE user_identities (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  subject text NOT NULL,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, subject)
);
CREATE INDEX user_identities_user_idx ON user_identities (user_id);

CREATE TABLE recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  -- codes created during set-up stay pending until verifyQr
  pending boolean NOT NULL DEFAULT false,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, code_hash)
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  -- 'password' or the identity provider (Google, Okta, JamfAuth0)
  provider text NOT NULL DEFAULT 'password',
  -- provider data needed at logout (e.g. id_token_hint); never a secret of ours
  provider_data jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE remembered_devices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX remembered_devices_user_idx ON remembered_devices (user_id);

CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email text NOT NULL,
  permissions text[] NOT NULL DEFAULT '{}',
  allowed_login_methods text[] NOT NULL DEFAULT '{}',
  invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX invitations_user_idx ON invitations (user_id);

CREATE TABLE password_recovery_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  ip text
);
CREATE INDEX password_recovery_user_idx ON password_recovery_requests (user_id);

CREATE TABLE collector_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  name text,
  active boolean NOT NULL DEFAULT true,
  install_limit integer,
  install_count integer NOT NULL DEFAULT 0,
  expires_at timestamptz,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE collector_installs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  link_id uuid NOT NULL REFERENCES collector_links(id) ON DELETE CASCADE,
  full_name text NOT NULL,
  email text NOT NULL,
  phone text,
  os text NOT NULL,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collector_installs_link_idx ON collector_installs (link_id);

CREATE TABLE contact_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  product text NOT NULL,
  request_type text NOT NULL,
  subject text NOT NULL,
  message text NOT NULL,
  rating integer NOT NULL DEFAULT 0,
  related_page_url text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE logos (
  tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
  content_type text NOT NULL,
  data bytea NOT NULL,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Per-tenant identity-provider configuration (e.g. the tenant's Okta application).
CREATE TABLE idp_settings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  provider text NOT NULL,
  issuer text,
  client_id text,
  client_secret text,
  settings jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, provider)
);

-- Which tenant signs in through the vendor IdP (JamfAuth0) for an e-mail domain.
CREATE TABLE idp_domain_mappings (
  email_domain text PRIMARY KEY CHECK (email_domain = lower(email_domain)),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  provider text NOT NULL DEFAULT 'JamfAuth0',
  connection_name text,
  custom_idp boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Single-use values (OIDC nonces, jti of one-time tokens): inserted once, a second insert fails.
CREATE TABLE used_nonces (
  nonce text PRIMARY KEY,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid REFERENCES tenants(id) ON DELETE SET NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);

CREATE TABLE audit_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE,
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  action text NOT NULL,
  target text,
  details jsonb NOT NULL DEFAULT '{}',
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_events_tenant_time_idx ON audit_events (tenant_id, created_at DESC);

-- Notification subscriptions and unsubscribes (signed unsubscribe links).
CREATE TABLE notification_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE,
  email text NOT NULL,
  notification text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (email, notification)
);

CREATE TABLE unsubscribes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE,
  email text NOT NULL,
  -- NULL = every notification
  notification text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX unsubscribes_email_idx ON unsubscribes (email);
