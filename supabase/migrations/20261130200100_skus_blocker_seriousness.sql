-- Issue 35: the SKU list's "most serious first" order. A SKU's seriousness is the legal weight of its worst open
-- blocker (placing on the market 3, the online offer 2, data quality 1: lib/requirements/grouping.ts, where
-- seriousnessOf computes the same figure) times 10 000, plus how many open blockers have that weight. It is a
-- generated column over the stored blockers, so every writer (recompute, import, waiver) keeps it current.
-- Blockers stored before they carried legal_weight count as market (3); they get their weight when recomputed.
CREATE OR REPLACE FUNCTION blocker_seriousness(blockers jsonb) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH r AS (
    SELECT CASE b->>'legal_weight' WHEN 'market' THEN 3 WHEN 'online' THEN 2 WHEN 'data_quality' THEN 1 ELSE 3 END AS w
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(blockers) = 'array' THEN blockers ELSE '[]'::jsonb END) b
    WHERE b->>'severity' = 'blocker' AND (b->'waived' IS NULL OR jsonb_typeof(b->'waived') = 'null')
  )
  SELECT coalesce((SELECT (w * 10000 + least(count(*), 9999))::integer FROM r GROUP BY w ORDER BY w DESC LIMIT 1), 0)
$$;

ALTER TABLE skus ADD COLUMN blocker_seriousness integer GENERATED ALWAYS AS (blocker_seriousness(blockers)) STORED;

CREATE INDEX skus_workspace_seriousness_idx ON skus (workspace_id, blocker_seriousness, id);
