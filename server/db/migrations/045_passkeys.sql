-- Passkeys (WebAuthn credentials) of the users, and the challenges they answer.

CREATE TABLE passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- base64url credential id as the authenticator reported it; globally unique (WebAuthn)
  credential_id text NOT NULL UNIQUE,
  public_key bytea NOT NULL,
  -- signature counter: an assertion must raise it (a cloned authenticator repeats it); 0 = the authenticator keeps none
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_user_idx ON passkeys (user_id);

-- A challenge lives server-side only as its SHA-256: deleting the row is using it (single use),
-- and it is refused after expires_at. user_id is NULL for a passwordless sign-in's challenge.
CREATE TABLE webauthn_challenges (
  challenge_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in', 'second-factor')),
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webauthn_challenges_expiry_idx ON webauthn_challenges (expires_at);

-- The tenant's sign-in policy: password sign-in (with or without TOTP) is not phishing-resistant.
ALTER TABLE tenants ADD COLUMN require_phishing_resistant boolean NOT NULL DEFAULT false;
