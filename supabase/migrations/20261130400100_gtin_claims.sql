-- GTIN ownership (issue 37): a workspace claims GS1 company prefixes or single GTINs; staff verify a
-- claim. The resolver /01/{gtin} and publishing read these claims so that a GTIN resolves to one
-- workspace only. No data moves: existing publications keep resolving under the rule of lib/resolver.
CREATE TABLE IF NOT EXISTS gtin_claims (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  -- 'prefix': a GS1 company prefix (4 to 12 digits, GTIN-13 form); 'gtin': one GTIN, as GTIN-14.
  kind text NOT NULL CHECK (kind IN ('prefix', 'gtin')),
  value text NOT NULL CHECK (value ~ '^[0-9]{4,14}$'),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'rejected')),
  evidence text,
  decided_by uuid,
  decided_by_label text,
  decided_at timestamptz,
  decision_note text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workspace_id, kind, value)
);
CREATE INDEX IF NOT EXISTS gtin_claims_value_idx ON gtin_claims (value);
