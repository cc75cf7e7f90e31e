-- The number of catalog fields, kept (issue #21): BM25's N in the keyword statement's IDF, which counted the whole
-- table at every search (22 ms of a search at 100k fields, growing with the catalog).
CREATE TABLE catalog_field_total (
  only_row  boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  fields    bigint NOT NULL CHECK (fields >= 0)
);

-- Kept by triggers on catalog_fields, in the writing statement's transaction: every write keeps it (an import's
-- inserts and removals, a source's cascading delete, an administrator's own SQL), and a rolled-back import leaves it
-- as it was. Statement-level, with transition tables: one update per statement, not one per row. Two imports are
-- serialised by their advisory lock; two writers outside it wait for each other on this one row.
CREATE FUNCTION cita_catalog_field_total () RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE catalog_field_total SET fields = fields + (SELECT count(*) FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE catalog_field_total SET fields = fields - (SELECT count(*) FROM old_rows);
  ELSE
    UPDATE catalog_field_total SET fields = 0;
  END IF;
  RETURN NULL;
END $$;

-- A trigger with transition tables takes one event each; TRUNCATE has none (it empties the table).
CREATE TRIGGER catalog_field_total_insert AFTER INSERT ON catalog_fields REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cita_catalog_field_total();
CREATE TRIGGER catalog_field_total_delete AFTER DELETE ON catalog_fields REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cita_catalog_field_total();
CREATE TRIGGER catalog_field_total_truncate AFTER TRUNCATE ON catalog_fields
  FOR EACH STATEMENT EXECUTE FUNCTION cita_catalog_field_total();

-- The fields already there (a database from before this version). CREATE TRIGGER locked catalog_fields against
-- writes until this migration commits, so no import can slip between this count and the triggers.
INSERT INTO catalog_field_total (fields) SELECT count(*) FROM catalog_fields;
