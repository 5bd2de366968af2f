-- Runtime plugins (server/modules/runtimePlugins): the operator's trusted signing keys, the
-- installed plugins (installation-wide, not per tenant: the console serves one set) and their
-- assets. An asset's bytes live in the object store under its sha256 (storage_key); the row
-- keeps its path and Subresource Integrity hash.

CREATE TABLE runtime_plugin_keys (
  key_id text PRIMARY KEY,
  name text NOT NULL,
  -- SPKI PEM of the ed25519 public key
  public_key text NOT NULL,
  added_by uuid REFERENCES users(id) ON DELETE SET NULL,
  added_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE runtime_plugins (
  id text PRIMARY KEY,
  version text NOT NULL,
  title text NOT NULL,
  manifest jsonb NOT NULL,
  -- the key that signed it; a plugin whose key is no longer trusted is not served
  key_id text NOT NULL,
  size_bytes bigint NOT NULL,
  installed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  installed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE runtime_plugin_assets (
  plugin_id text NOT NULL REFERENCES runtime_plugins(id) ON DELETE CASCADE,
  version text NOT NULL,
  path text NOT NULL,
  storage_key text NOT NULL,
  integrity text NOT NULL,
  size_bytes integer NOT NULL,
  PRIMARY KEY (plugin_id, version, path)
);
CREATE INDEX runtime_plugin_assets_storage_idx ON runtime_plugin_assets (storage_key);
