-- Digital product passports (issue 37). A passport version is compiled from the approved data that a
-- publication froze (one per sku_revisions row) and never changes afterwards: its documents (per format
-- and access tier, canonical JSON), their sha256 and the passport's own blockers are written once.
CREATE TABLE IF NOT EXISTS passports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL,
  sku_id uuid NOT NULL,
  version integer NOT NULL,
  revision integer NOT NULL,
  public_id text NOT NULL,
  formats text[] NOT NULL,
  documents jsonb NOT NULL,
  document_hashes jsonb NOT NULL,
  content_sha256 text NOT NULL,
  blockers jsonb NOT NULL DEFAULT '[]'::jsonb,
  compiled_by_label text,
  compiled_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (sku_id, version)
);
CREATE INDEX IF NOT EXISTS passports_workspace_sku_idx ON passports (workspace_id, sku_id, version DESC);
CREATE INDEX IF NOT EXISTS passports_public_id_idx ON passports (public_id, version DESC);

-- Signed, expiring access to a SKU's passports above the public tier (Annex XIII: persons with a legitimate
-- interest; notified bodies, market surveillance and the Commission). Only the token's sha256 is stored.
CREATE TABLE IF NOT EXISTS passport_access_grants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL,
  sku_id uuid NOT NULL,
  tier text NOT NULL CHECK (tier IN ('legitimate_interest', 'authority')),
  recipient text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  token_prefix text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_by uuid,
  created_by_label text,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_by_label text,
  last_used_at timestamptz
);
CREATE INDEX IF NOT EXISTS passport_access_grants_sku_idx ON passport_access_grants (workspace_id, sku_id, created_at DESC);
