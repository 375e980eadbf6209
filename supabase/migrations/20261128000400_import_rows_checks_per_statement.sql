-- An import row's batch and SKU are checked once per statement instead of once per row, as a dossier
-- value's SKU is (20261128000300_dossier_values_sku_check_per_statement.sql, which says why and how
-- the guarantees of a foreign key are kept): an import records every file row here, two key checks
-- each. Kept as the keys had them:
--   * batch_id names an existing batch, and deleting the batch deletes its rows (ON DELETE CASCADE);
--   * sku_id is null or names an existing SKU, and deleting the SKU leaves the row with a null sku_id
--     (ON DELETE SET NULL): the row's outcome stays in the batch's history;
--   * neither moves to another batch or SKU once written.
CREATE OR REPLACE FUNCTION import_rows_check_refs() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  wanted uuid[];
  found int;
BEGIN
  SELECT array_agg(DISTINCT n.batch_id) INTO wanted FROM new_rows n;
  IF wanted IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT count(*) INTO found FROM (SELECT 1 FROM import_batches b WHERE b.id = ANY (wanted) FOR KEY SHARE OF b) locked;
  IF found < cardinality(wanted) THEN
    RAISE EXCEPTION 'insert or update on table "import_rows" violates foreign key constraint "import_rows_batch_id_fkey"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'A row names an import batch that does not exist.',
            TABLE = 'import_rows', CONSTRAINT = 'import_rows_batch_id_fkey';
  END IF;
  SELECT array_agg(DISTINCT n.sku_id) INTO wanted FROM new_rows n WHERE n.sku_id IS NOT NULL;
  IF wanted IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT count(*) INTO found FROM (SELECT 1 FROM skus s WHERE s.id = ANY (wanted) FOR KEY SHARE OF s) locked;
  IF found < cardinality(wanted) THEN
    RAISE EXCEPTION 'insert or update on table "import_rows" violates foreign key constraint "import_rows_sku_id_fkey"'
      USING ERRCODE = 'foreign_key_violation', DETAIL = 'A row names a SKU that does not exist.',
            TABLE = 'import_rows', CONSTRAINT = 'import_rows_sku_id_fkey';
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION import_rows_keep_refs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an import row cannot move to another batch or SKU'
    USING ERRCODE = 'foreign_key_violation', TABLE = 'import_rows';
END $$;

CREATE OR REPLACE FUNCTION import_batches_delete_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM import_rows r WHERE r.batch_id = ANY (ARRAY(SELECT o.id FROM deleted_batches o));
  RETURN NULL;
END $$;

-- A deleted SKU's import rows stay in their batch's history, without the SKU.
CREATE OR REPLACE FUNCTION skus_detach_import_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE import_rows r SET sku_id = NULL WHERE r.sku_id = ANY (ARRAY(SELECT o.id FROM deleted_skus o));
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS import_rows_check_refs ON import_rows;
CREATE TRIGGER import_rows_check_refs AFTER INSERT ON import_rows
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION import_rows_check_refs();

DROP TRIGGER IF EXISTS import_rows_keep_refs ON import_rows;
CREATE TRIGGER import_rows_keep_refs BEFORE UPDATE OF batch_id, sku_id ON import_rows
  FOR EACH ROW WHEN (OLD.batch_id IS DISTINCT FROM NEW.batch_id OR (NEW.sku_id IS NOT NULL AND NEW.sku_id IS DISTINCT FROM OLD.sku_id))
  EXECUTE FUNCTION import_rows_keep_refs();

DROP TRIGGER IF EXISTS skus_detach_import_rows ON skus;
CREATE TRIGGER skus_detach_import_rows AFTER DELETE ON skus
  REFERENCING OLD TABLE AS deleted_skus FOR EACH STATEMENT EXECUTE FUNCTION skus_detach_import_rows();

DROP TRIGGER IF EXISTS import_batches_delete_rows ON import_batches;
CREATE TRIGGER import_batches_delete_rows AFTER DELETE ON import_batches
  REFERENCING OLD TABLE AS deleted_batches FOR EACH STATEMENT EXECUTE FUNCTION import_batches_delete_rows();

ALTER TABLE import_rows DROP CONSTRAINT IF EXISTS import_rows_batch_id_fkey;
ALTER TABLE import_rows DROP CONSTRAINT IF EXISTS import_rows_sku_id_fkey;
