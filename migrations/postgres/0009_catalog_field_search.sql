-- What the catalog's keyword statement reads, apart (issue #21): each field's id, folded business name and search
-- vector, about 0.65 kB a row against 1.4 kB for the whole field. The statement ranks every field matching any query
-- word and counts each word's fields: read from pages of whole fields, that was twice the pages (README, "PostgreSQL
-- (teams)"). The search vector is still computed by catalog_fields' generated column (one formula); this table copies it.
CREATE TABLE catalog_field_search (
  id             bigint PRIMARY KEY,
  business_term  text NOT NULL,
  search_vector  tsvector NOT NULL
);

-- Kept by triggers on catalog_fields, in the writing statement's transaction, as catalog_field_total is: an import's
-- inserts, updates and removals, a source's cascading delete, an administrator's own SQL; a rolled-back import leaves
-- it as it was. Statement-level, with transition tables (one statement per write, not one per row). No foreign key:
-- its check would lock, and so rewrite, every new field's row.
CREATE FUNCTION cita_catalog_field_search () RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalog_field_search (id, business_term, search_vector) SELECT id, business_term, search_vector FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE catalog_field_search s SET business_term = n.business_term, search_vector = n.search_vector
    FROM new_rows n
    WHERE s.id = n.id AND (s.business_term, s.search_vector) IS DISTINCT FROM (n.business_term, n.search_vector);
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM catalog_field_search s USING old_rows o WHERE s.id = o.id;
  ELSE
    TRUNCATE catalog_field_search;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER catalog_field_search_insert AFTER INSERT ON catalog_fields REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cita_catalog_field_search();
CREATE TRIGGER catalog_field_search_update AFTER UPDATE ON catalog_fields REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cita_catalog_field_search();
CREATE TRIGGER catalog_field_search_delete AFTER DELETE ON catalog_fields REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cita_catalog_field_search();
CREATE TRIGGER catalog_field_search_truncate AFTER TRUNCATE ON catalog_fields
  FOR EACH STATEMENT EXECUTE FUNCTION cita_catalog_field_search();

-- The fields already there. CREATE TRIGGER locked catalog_fields against writes until this migration commits, so no
-- import can slip between this copy and the triggers. The indexes are built after the copy (faster than row by row).
INSERT INTO catalog_field_search (id, business_term, search_vector) SELECT id, business_term, search_vector FROM catalog_fields;
-- For this transaction, at least 256 MB for the index builds (never lowered).
SELECT set_config('maintenance_work_mem', greatest(setting::bigint, 262144)::text || 'kB', true) FROM pg_settings WHERE name = 'maintenance_work_mem';
CREATE INDEX catalog_field_search_vector ON catalog_field_search USING gin (search_vector);
-- The seed's `business_name ILIKE '%term%'`, served by a trigram index.
CREATE INDEX catalog_field_search_business_term ON catalog_field_search USING gin (business_term gin_trgm_ops);

-- catalog_fields' own indexes served only the keyword statement; kept, they would cost every write for nothing.
DROP INDEX catalog_fields_search;
DROP INDEX catalog_fields_business_term;
