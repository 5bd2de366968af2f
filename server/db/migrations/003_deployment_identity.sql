-- The identity every API instance of a deployment shares (one row). On PostgreSQL the
-- first instance records the issuer of its tokens and its signing key's thumbprint; an instance
-- that disagrees refuses to start (server/ops/deploymentIdentity.ts), so tokens issued by one
-- instance verify on all of them.
CREATE TABLE deployment_identity (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  token_issuer text NOT NULL,
  signing_key_id text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
