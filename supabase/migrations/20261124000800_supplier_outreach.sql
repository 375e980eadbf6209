-- Supplier outreach: requests sent to a supplier for what a SKU is missing, their timeline, the
-- documents that came back, the reminder steps (one row per step: never sent twice) and the
-- workspace's reminder cadence.

CREATE TABLE IF NOT EXISTS supplier_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sku_id uuid NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
  entity_id uuid REFERENCES entities(id) ON DELETE SET NULL,
  recipient text NOT NULL,
  cc text[] NOT NULL DEFAULT '{}',
  reply_to text,
  subject text NOT NULL,
  body text NOT NULL,
  locale text NOT NULL DEFAULT 'en',
  items jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL CHECK (status IN ('sending', 'sent', 'in_progress', 'to_review', 'done', 'no_progress', 'cancelled', 'failed')),
  due_date date,
  message_id text,
  -- The upload link's token is HMAC(secret, id, nonce); only its SHA-256 is stored for the lookup.
  token_nonce text NOT NULL,
  token_hash text NOT NULL,
  token_expires_at timestamptz NOT NULL,
  token_revoked_at timestamptz,
  delivery_error text,
  sent_at timestamptz,
  last_reminder_at timestamptz,
  reminder_count integer NOT NULL DEFAULT 0,
  responded_at timestamptz,
  last_activity_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  created_by_label text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS supplier_requests_token_idx ON supplier_requests (token_hash);
CREATE INDEX IF NOT EXISTS supplier_requests_sku_idx ON supplier_requests (workspace_id, sku_id, created_at DESC);
CREATE INDEX IF NOT EXISTS supplier_requests_list_idx ON supplier_requests (workspace_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS supplier_requests_message_idx ON supplier_requests (message_id);
CREATE INDEX IF NOT EXISTS supplier_requests_open_idx ON supplier_requests (status, sent_at) WHERE status IN ('sent', 'in_progress');

CREATE TABLE IF NOT EXISTS supplier_request_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  request_id uuid NOT NULL REFERENCES supplier_requests(id) ON DELETE CASCADE,
  kind text NOT NULL,
  actor_label text,
  note text,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS supplier_request_events_idx ON supplier_request_events (request_id, created_at, id);

CREATE TABLE IF NOT EXISTS supplier_request_documents (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  request_id uuid NOT NULL REFERENCES supplier_requests(id) ON DELETE CASCADE,
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
  source text NOT NULL CHECK (source IN ('upload_link', 'inbound_email')),
  decided_at timestamptz,
  decided_by_label text,
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (request_id, document_id)
);

-- One row per reminder step: the primary key is what makes a step send at most once, whatever the
-- number of workers.
CREATE TABLE IF NOT EXISTS supplier_request_reminders (
  request_id uuid NOT NULL REFERENCES supplier_requests(id) ON DELETE CASCADE,
  step integer NOT NULL,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'sending' CHECK (status IN ('sending', 'sent', 'failed')),
  message_id text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (request_id, step)
);

CREATE TABLE IF NOT EXISTS workspace_outreach_settings (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
  reminder_days integer[] NOT NULL DEFAULT '{3,7,14}',
  updated_at timestamptz NOT NULL DEFAULT now()
);
