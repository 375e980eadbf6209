-- dossier.pdf rendered once per approved revision and kept (issue 40 part 4). The bytes live in the
-- blob store under a content address (<workspace>/dossier-pdf/<sha256>.pdf); this table says which
-- stored PDF is the one of a SKU's revision in a locale. revision_key is a fingerprint of what the
-- PDF shows (approval, publication, confirmed data, evidence decisions, waivers, renderer version):
-- a new approval or any change gives a new key, so a stale PDF is never reused.
CREATE TABLE IF NOT EXISTS dossier_pdfs (
  workspace_id uuid NOT NULL,
  sku_id uuid NOT NULL,
  locale text NOT NULL,
  revision_key text NOT NULL,
  sha256 text NOT NULL,
  storage_key text NOT NULL,
  size_bytes bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, sku_id, locale, revision_key)
);
