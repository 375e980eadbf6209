-- Teams: several people per workspace with closed roles, invitations, four-eyes approval, assignment,
-- SKU comments with mentions.

-- Roles: the single "member" role becomes "editor"; the set is closed.
ALTER TABLE workspace_members DROP CONSTRAINT IF EXISTS workspace_members_role_check;
UPDATE workspace_members SET role = 'editor' WHERE role = 'member';
ALTER TABLE workspace_members ADD CONSTRAINT workspace_members_role_check CHECK (role IN ('owner', 'admin', 'reviewer', 'editor', 'viewer'));
-- A user may belong to several workspaces now; exactly one owner per workspace.
DROP INDEX IF EXISTS workspace_members_user_idx;
CREATE INDEX IF NOT EXISTS workspace_members_by_user_idx ON workspace_members (user_id, created_at);
CREATE UNIQUE INDEX IF NOT EXISTS workspace_members_one_owner_idx ON workspace_members (workspace_id) WHERE role = 'owner';
-- Per-user (per-workspace) setting: mail me when someone mentions me in a SKU comment.
ALTER TABLE workspace_members ADD COLUMN IF NOT EXISTS notify_mentions boolean NOT NULL DEFAULT true;

ALTER TABLE workspaces ADD COLUMN IF NOT EXISTS four_eyes_approval boolean NOT NULL DEFAULT false;

CREATE TABLE IF NOT EXISTS workspace_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'reviewer', 'editor', 'viewer')),
  token_hash text NOT NULL UNIQUE,
  invited_by uuid,
  invited_by_label text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid,
  revoked_at timestamptz
);
-- One open invitation per address and workspace.
CREATE UNIQUE INDEX IF NOT EXISTS workspace_invitations_open_idx ON workspace_invitations (workspace_id, lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL;

-- Who last changed confirmed data, who completed the review (by id, for four eyes), who is assigned.
ALTER TABLE skus ADD COLUMN IF NOT EXISTS data_changed_by uuid;
ALTER TABLE skus ADD COLUMN IF NOT EXISTS data_changed_by_label text;
ALTER TABLE skus ADD COLUMN IF NOT EXISTS data_changed_at timestamptz;
ALTER TABLE skus ADD COLUMN IF NOT EXISTS review_completed_by_user uuid;
ALTER TABLE skus ADD COLUMN IF NOT EXISTS assignee_user_id uuid;
CREATE INDEX IF NOT EXISTS skus_assignee_idx ON skus (workspace_id, assignee_user_id) WHERE assignee_user_id IS NOT NULL;

-- The approval record: who approved which dossier state, with which waivers in force.
CREATE TABLE IF NOT EXISTS sku_approvals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sku_id uuid NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
  approved_by uuid,
  approved_by_label text NOT NULL,
  approved_at timestamptz NOT NULL DEFAULT now(),
  dossier_hash text NOT NULL,
  waivers jsonb NOT NULL DEFAULT '[]'::jsonb,
  review_completed_by text,
  four_eyes boolean NOT NULL DEFAULT false
);
CREATE INDEX IF NOT EXISTS sku_approvals_sku_idx ON sku_approvals (workspace_id, sku_id, approved_at DESC);

CREATE TABLE IF NOT EXISTS sku_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  sku_id uuid NOT NULL REFERENCES skus(id) ON DELETE CASCADE,
  author_user_id uuid,
  author_label text NOT NULL,
  body text NOT NULL,
  mentions uuid[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sku_comments_sku_idx ON sku_comments (workspace_id, sku_id, created_at, id);
