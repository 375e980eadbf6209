-- Market watch (issue 38): recall and alert feeds (the EU Safety Gate weekly report, France's RappelConso
-- export) read from a configured URL or an uploaded file into alerts kept per workspace, feed and week;
-- matches of those alerts against the workspace's SKUs, decided by a person; recall cases that carry a
-- withdrawal or recall through; and a SKU's market status beside its (unchanged) compliance status.
-- Alerts are kept per workspace: an uploaded file never reaches another workspace's inbox.
CREATE TABLE IF NOT EXISTS recall_feed_sources (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  feed text NOT NULL CHECK (feed IN ('safety_gate', 'rappelconso')),
  url text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  last_fetched_at timestamptz,
  last_status text,
  last_error text,
  created_by_label text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS recall_feed_sources_url_idx ON recall_feed_sources (workspace_id, feed, url);

CREATE TABLE IF NOT EXISTS recall_feed_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  feed text NOT NULL,
  source text NOT NULL CHECK (source IN ('upload', 'url')),
  source_ref text NOT NULL,
  sha256 text NOT NULL,
  periods text[] NOT NULL DEFAULT '{}',
  alert_count integer NOT NULL DEFAULT 0,
  created_count integer NOT NULL DEFAULT 0,
  updated_count integer NOT NULL DEFAULT 0,
  unchanged_count integer NOT NULL DEFAULT 0,
  match_count integer NOT NULL DEFAULT 0,
  created_by_label text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS recall_feed_imports_workspace_idx ON recall_feed_imports (workspace_id, created_at);

CREATE TABLE IF NOT EXISTS recall_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  feed text NOT NULL,
  reference text NOT NULL,
  period text NOT NULL,
  published_on date,
  case_number text,
  category text,
  product text,
  brand text,
  name text,
  model text,
  batch text,
  barcode text,
  gtins text[] NOT NULL DEFAULT '{}',
  risk_type text,
  danger text,
  measures text,
  description text,
  notifying_country text,
  country_of_origin text,
  risk_level text,
  alert_type text,
  pictures text[] NOT NULL DEFAULT '{}',
  url text,
  company_recall_code text,
  production_dates text,
  content_hash text NOT NULL,
  import_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS recall_alerts_reference_idx ON recall_alerts (workspace_id, feed, reference);
CREATE INDEX IF NOT EXISTS recall_alerts_period_idx ON recall_alerts (workspace_id, published_on);

CREATE TABLE IF NOT EXISTS recall_cases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('withdrawal', 'recall')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  origin text NOT NULL CHECK (origin IN ('match', 'manager')),
  alert_id uuid REFERENCES recall_alerts(id) ON DELETE SET NULL,
  reason text NOT NULL,
  hazard text NOT NULL DEFAULT '',
  notice jsonb NOT NULL DEFAULT '{}',
  notice_published_at timestamptz,
  supplier_request_id uuid,
  outcome text,
  closed_at timestamptz,
  closed_by_label text,
  opened_by_label text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS recall_cases_workspace_idx ON recall_cases (workspace_id, created_at);

CREATE TABLE IF NOT EXISTS recall_case_skus (
  case_id uuid NOT NULL REFERENCES recall_cases(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sku_id uuid NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
  batches text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (case_id, sku_id)
);
CREATE INDEX IF NOT EXISTS recall_case_skus_sku_idx ON recall_case_skus (sku_id);

CREATE TABLE IF NOT EXISTS recall_matches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  alert_id uuid NOT NULL REFERENCES recall_alerts(id) ON DELETE CASCADE,
  sku_id uuid NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
  score real NOT NULL,
  strength text NOT NULL CHECK (strength IN ('strong', 'weak')),
  reasons jsonb NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'confirmed', 'dismissed')),
  decision_reason text,
  decided_by uuid,
  decided_by_label text,
  decided_at timestamptz,
  case_id uuid REFERENCES recall_cases(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS recall_matches_pair_idx ON recall_matches (alert_id, sku_id);
CREATE INDEX IF NOT EXISTS recall_matches_inbox_idx ON recall_matches (workspace_id, status, score);
CREATE INDEX IF NOT EXISTS recall_matches_sku_idx ON recall_matches (sku_id);

-- A SKU's place on the market, apart from its compliance status (the contract's status is not changed):
-- no row means on the market.
CREATE TABLE IF NOT EXISTS sku_market_states (
  sku_id uuid PRIMARY KEY REFERENCES skus(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('on_market', 'withdrawn', 'recalled')),
  case_id uuid REFERENCES recall_cases(id) ON DELETE SET NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by_label text
);
CREATE INDEX IF NOT EXISTS sku_market_states_workspace_idx ON sku_market_states (workspace_id, status);
