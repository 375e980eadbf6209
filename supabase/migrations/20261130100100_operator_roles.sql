-- Issue 35: the seller's economic-operator role (GPSR Art. 3(8)-(13)), for the workspace and, where it
-- differs, per SKU (NULL: the workspace's role); and the confirmations "held by <operator>, available on
-- request" of duties the role does not hold itself. No data moves: every existing workspace is the
-- manufacturer, which is how the requirement engine treated it before.
ALTER TABLE workspaces ADD COLUMN IF NOT EXISTS operator_role text NOT NULL DEFAULT 'manufacturer'
  CHECK (operator_role IN ('manufacturer', 'importer', 'distributor', 'authorised_representative', 'fulfilment_service_provider'));
ALTER TABLE skus ADD COLUMN IF NOT EXISTS operator_role text
  CHECK (operator_role IN ('manufacturer', 'importer', 'distributor', 'authorised_representative', 'fulfilment_service_provider'));

CREATE TABLE IF NOT EXISTS sku_held_by (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sku_id uuid NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
  -- the requirement rule whose duty is held (e.g. core.risk_assessment)
  rule_id text NOT NULL,
  -- the operator holding it: an entity linked to the SKU when confirmed
  entity_id uuid NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  note text,
  confirmed_by uuid,
  confirmed_by_label text NOT NULL,
  confirmed_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS sku_held_by_rule_idx ON sku_held_by (sku_id, rule_id);
