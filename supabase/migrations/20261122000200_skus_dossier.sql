-- SKUs, their dossier values (with provenance, status and history), entities, waivers, review issues
-- and published revisions.

CREATE TABLE IF NOT EXISTS skus (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sku_code text NOT NULL,
  product_name text NOT NULL,
  gtin text,
  category_code text NOT NULL DEFAULT 'general',
  category_defaulted boolean NOT NULL DEFAULT true,
  external_sku_id text,
  requirement_profile_id text,
  review_state text NOT NULL DEFAULT 'open' CHECK (review_state IN ('open', 'complete')),
  review_completed_at timestamptz,
  review_completed_by text,
  approval_state text NOT NULL DEFAULT 'pending' CHECK (approval_state IN ('pending', 'approved')),
  approved_at timestamptz,
  approved_by uuid,
  approved_by_label text,
  blockers jsonb NOT NULL DEFAULT '[]'::jsonb,
  blocker_count integer NOT NULL DEFAULT 0,
  warning_count integer NOT NULL DEFAULT 0,
  public_id text UNIQUE,
  published_revision integer,
  published_at timestamptz,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS skus_workspace_code_idx ON skus (workspace_id, sku_code);
CREATE INDEX IF NOT EXISTS skus_workspace_page_idx ON skus (workspace_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS skus_workspace_gtin_idx ON skus (workspace_id, gtin);
CREATE INDEX IF NOT EXISTS skus_gtin_published_idx ON skus (gtin) WHERE published_revision IS NOT NULL;

CREATE TABLE IF NOT EXISTS entities (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL,
  trade_mark text,
  street text,
  postal_code text,
  city text,
  region text,
  country text,
  email text,
  contact_url text,
  phone text,
  identity_key text NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS entities_workspace_idx ON entities (workspace_id, name);
CREATE INDEX IF NOT EXISTS entities_identity_idx ON entities (workspace_id, identity_key);

CREATE TABLE IF NOT EXISTS sku_entities (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sku_id uuid NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('manufacturer', 'importer', 'responsible_person', 'authorised_representative')),
  entity_id uuid NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sku_id, role)
);
CREATE INDEX IF NOT EXISTS sku_entities_entity_idx ON sku_entities (entity_id);

-- Every value ever proposed or confirmed for a field. The current confirmed value of a field is the
-- confirmed row not yet superseded; rejected and superseded rows are its history.
CREATE TABLE IF NOT EXISTS dossier_values (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sku_id uuid NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
  field_key text NOT NULL,
  value text NOT NULL,
  status text NOT NULL CHECK (status IN ('suggested', 'confirmed', 'rejected')),
  source text NOT NULL CHECK (source IN ('manual', 'import', 'document_extraction', 'ai_suggestion', 'entity_sync')),
  provenance jsonb NOT NULL DEFAULT '{}'::jsonb,
  confidence real,
  created_by uuid,
  created_by_label text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_by_label text,
  decided_at timestamptz,
  superseded_at timestamptz
);
CREATE INDEX IF NOT EXISTS dossier_values_sku_idx ON dossier_values (sku_id, field_key, created_at);
CREATE UNIQUE INDEX IF NOT EXISTS dossier_values_current_idx ON dossier_values (sku_id, field_key) WHERE status = 'confirmed' AND superseded_at IS NULL;

CREATE TABLE IF NOT EXISTS blocker_waivers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sku_id uuid NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
  blocker_code text NOT NULL,
  reason text NOT NULL,
  waived_by uuid,
  waived_by_label text NOT NULL,
  waived_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS blocker_waivers_active_idx ON blocker_waivers (sku_id, blocker_code) WHERE revoked_at IS NULL;

CREATE TABLE IF NOT EXISTS review_issues (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sku_id uuid NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
  kind text NOT NULL,
  field_key text,
  message text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by_label text
);
CREATE INDEX IF NOT EXISTS review_issues_sku_idx ON review_issues (sku_id, status);

-- Immutable snapshots: the public page renders one of these, never live data.
CREATE TABLE IF NOT EXISTS sku_revisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sku_id uuid NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
  revision integer NOT NULL,
  snapshot jsonb NOT NULL,
  published_by uuid,
  published_by_label text,
  published_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (sku_id, revision)
);

-- Public ids outlive their SKU so a deleted product's page answers 410, not 404.
CREATE TABLE IF NOT EXISTS public_pages (
  public_id text PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sku_id uuid REFERENCES skus(id) ON DELETE SET NULL,
  withdrawn_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
