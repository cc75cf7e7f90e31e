-- The catalog's keyword terms on PostgreSQL become cita's own (issue #21: the catalog's evaluation sets give the same
-- metrics on both stores, as the KB's do since 0005 and 0006). Until now the database stemmed each field's folded words
-- itself, in its `spanish` and `english` configurations, and ranked them with ts_rank: 16 of the catalog's 190
-- evaluation queries ranked otherwise than MiniSearch's BM25 over cita's stems on SQLite by keyword, 14 by hybrid.
-- Now each field holds the terms SQLite's index holds and how often each occurs in its business name, definition and
-- physical name (term_counts, catalog-postgres-terms.ts `catalogKeywordColumns`), with each text's BM25 length, and
-- the keyword statement ranks them with MiniSearch's formula (catalog-postgres-keyword.ts).
--
-- term_counts is a jsonb object, not a tsvector: {"credit": 1001} is "credit" once in the business name and once in
-- the definition (business + 1,000 × definition + 1,000,000 × physical name, each at most 999). BM25 reads each
-- matching field's frequencies of a few query terms; a jsonb key is looked up in place, while a tsvector gives them
-- only by unnesting all its lexemes with their positions: about ten times the time per field (a query matching 9,084
-- of 20,000 fields: 12 ms against 122 ms, measured on 2026-12-04).
--
-- Fields written before hold none of it: keyword_format 1 says so (the default, also for a row an administrator
-- inserts by hand), and the store derives them when it opens (`upgradeCatalogKeywordColumns`), before any search. A
-- cita older than this migration refuses the database (its schema version is newer), so nothing reads the old vector.
ALTER TABLE catalog_fields
  ADD COLUMN keyword_format smallint NOT NULL DEFAULT 1 CHECK (keyword_format >= 1),
  ADD COLUMN term_counts jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN business_length integer NOT NULL DEFAULT 0,
  ADD COLUMN definition_length integer NOT NULL DEFAULT 0,
  ADD COLUMN physical_length integer NOT NULL DEFAULT 0;
CREATE INDEX catalog_fields_keyword_format ON catalog_fields (keyword_format);

-- What the old search vector was made of; nothing reads them now.
ALTER TABLE catalog_fields DROP COLUMN search_vector, DROP COLUMN definition_words, DROP COLUMN physical_words;

-- The narrow table the keyword statement reads (0009) holds the counts and lengths instead of the vector (its GIN
-- index goes with it). Its fields of keyword_format 1 hold no terms: they are found by their business term alone
-- until the store derives them.
ALTER TABLE catalog_field_search
  DROP COLUMN search_vector,
  ADD COLUMN term_counts jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN business_length integer NOT NULL DEFAULT 0,
  ADD COLUMN definition_length integer NOT NULL DEFAULT 0,
  ADD COLUMN physical_length integer NOT NULL DEFAULT 0;
CREATE INDEX catalog_field_search_terms ON catalog_field_search USING gin (term_counts);

-- The sums of the three lengths beside the number of fields: BM25's average lengths.
ALTER TABLE catalog_field_total
  ADD COLUMN business_length bigint NOT NULL DEFAULT 0,
  ADD COLUMN definition_length bigint NOT NULL DEFAULT 0,
  ADD COLUMN physical_length bigint NOT NULL DEFAULT 0;

-- The vocabulary, with each term's document frequencies: how many fields hold it in their business name, their
-- definition and their physical name (BM25's IDF per text, as MiniSearch counts it), kept by the triggers below in the
-- writing statement's transaction. The keyword statement looks a query's terms up here, and the terms a query word
-- starts or is a typo of through the trigram index, so it counts nothing itself. A term no field holds any more stays
-- with zero counts (it matches nothing) until a TRUNCATE empties the catalog. It replaces catalog_words (folded
-- words, not cita's terms).
DROP TABLE catalog_words;
CREATE TABLE catalog_terms (
  term              text PRIMARY KEY,
  business_fields   integer NOT NULL DEFAULT 0,
  definition_fields integer NOT NULL DEFAULT 0,
  physical_fields   integer NOT NULL DEFAULT 0
);
CREATE INDEX catalog_terms_trigram ON catalog_terms USING gin (term gin_trgm_ops);

-- catalog_field_search follows catalog_fields as before (0009), with the counts and lengths, and catalog_terms follows
-- catalog_field_search: the terms of the fields written are added, those of the fields removed or rewritten taken
-- away, in term order (INSERT … ORDER BY … ON CONFLICT), so writers outside the import lock take the rows in one order.
CREATE OR REPLACE FUNCTION cita_catalog_field_search () RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH written AS (
      INSERT INTO catalog_field_search (id, business_term, term_counts, business_length, definition_length, physical_length)
      SELECT n.id, n.business_term, CASE WHEN n.keyword_format >= 2 THEN n.term_counts ELSE '{}' END, n.business_length, n.definition_length, n.physical_length
      FROM new_rows n
      RETURNING term_counts
    ),
    counted AS (SELECT c.key, 1 AS sign, c.value::bigint AS code FROM written w CROSS JOIN LATERAL jsonb_each_text(w.term_counts) AS c)
    INSERT INTO catalog_terms AS t (term, business_fields, definition_fields, physical_fields)
    SELECT key, coalesce(sum(sign) FILTER (WHERE code % 1000 > 0), 0), coalesce(sum(sign) FILTER (WHERE code / 1000 % 1000 > 0), 0),
           coalesce(sum(sign) FILTER (WHERE code / 1000000 > 0), 0)
    FROM counted GROUP BY key ORDER BY key
    ON CONFLICT (term) DO UPDATE SET business_fields = t.business_fields + excluded.business_fields,
      definition_fields = t.definition_fields + excluded.definition_fields, physical_fields = t.physical_fields + excluded.physical_fields;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH changed AS (
      SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.business_term, n.keyword_format, n.term_counts, n.business_length, n.definition_length, n.physical_length)
            IS DISTINCT FROM (o.business_term, o.keyword_format, o.term_counts, o.business_length, o.definition_length, o.physical_length)
    ),
    -- Read in the snapshot before this statement: the counts being replaced.
    before AS (SELECT s.term_counts FROM catalog_field_search s JOIN changed c ON c.id = s.id),
    after AS (
      UPDATE catalog_field_search s
      SET business_term = c.business_term, term_counts = CASE WHEN c.keyword_format >= 2 THEN c.term_counts ELSE '{}' END,
          business_length = c.business_length, definition_length = c.definition_length, physical_length = c.physical_length
      FROM changed c WHERE s.id = c.id
      RETURNING s.term_counts
    ),
    counted AS (
      SELECT c.key, -1 AS sign, c.value::bigint AS code FROM before b CROSS JOIN LATERAL jsonb_each_text(b.term_counts) AS c
      UNION ALL
      SELECT c.key, 1 AS sign, c.value::bigint AS code FROM after a CROSS JOIN LATERAL jsonb_each_text(a.term_counts) AS c
    )
    INSERT INTO catalog_terms AS t (term, business_fields, definition_fields, physical_fields)
    SELECT key, coalesce(sum(sign) FILTER (WHERE code % 1000 > 0), 0), coalesce(sum(sign) FILTER (WHERE code / 1000 % 1000 > 0), 0),
           coalesce(sum(sign) FILTER (WHERE code / 1000000 > 0), 0)
    FROM counted GROUP BY key ORDER BY key
    ON CONFLICT (term) DO UPDATE SET business_fields = t.business_fields + excluded.business_fields,
      definition_fields = t.definition_fields + excluded.definition_fields, physical_fields = t.physical_fields + excluded.physical_fields;
  ELSIF TG_OP = 'DELETE' THEN
    WITH gone AS (DELETE FROM catalog_field_search s USING old_rows o WHERE s.id = o.id RETURNING s.term_counts),
    counted AS (SELECT c.key, -1 AS sign, c.value::bigint AS code FROM gone g CROSS JOIN LATERAL jsonb_each_text(g.term_counts) AS c)
    INSERT INTO catalog_terms AS t (term, business_fields, definition_fields, physical_fields)
    SELECT key, coalesce(sum(sign) FILTER (WHERE code % 1000 > 0), 0), coalesce(sum(sign) FILTER (WHERE code / 1000 % 1000 > 0), 0),
           coalesce(sum(sign) FILTER (WHERE code / 1000000 > 0), 0)
    FROM counted GROUP BY key ORDER BY key
    ON CONFLICT (term) DO UPDATE SET business_fields = t.business_fields + excluded.business_fields,
      definition_fields = t.definition_fields + excluded.definition_fields, physical_fields = t.physical_fields + excluded.physical_fields;
  ELSE
    TRUNCATE catalog_field_search, catalog_terms;
  END IF;
  RETURN NULL;
END $$;

-- The update trigger now reads the rows as they were too (which fields changed).
DROP TRIGGER catalog_field_search_update ON catalog_fields;
CREATE TRIGGER catalog_field_search_update AFTER UPDATE ON catalog_fields REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cita_catalog_field_search();

-- The field total (0003) keeps the sums of the three lengths too, and so follows updates as well.
CREATE OR REPLACE FUNCTION cita_catalog_field_total () RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE catalog_field_total t SET fields = t.fields + n.fields, business_length = t.business_length + n.business,
      definition_length = t.definition_length + n.definition, physical_length = t.physical_length + n.physical
    FROM (SELECT count(*) AS fields, coalesce(sum(business_length), 0) AS business, coalesce(sum(definition_length), 0) AS definition,
                 coalesce(sum(physical_length), 0) AS physical FROM new_rows) AS n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE catalog_field_total t SET fields = t.fields - o.fields, business_length = t.business_length - o.business,
      definition_length = t.definition_length - o.definition, physical_length = t.physical_length - o.physical
    FROM (SELECT count(*) AS fields, coalesce(sum(business_length), 0) AS business, coalesce(sum(definition_length), 0) AS definition,
                 coalesce(sum(physical_length), 0) AS physical FROM old_rows) AS o;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE catalog_field_total t SET business_length = t.business_length + d.business, definition_length = t.definition_length + d.definition,
      physical_length = t.physical_length + d.physical
    FROM (SELECT (SELECT coalesce(sum(business_length), 0) FROM new_rows) - (SELECT coalesce(sum(business_length), 0) FROM old_rows) AS business,
                 (SELECT coalesce(sum(definition_length), 0) FROM new_rows) - (SELECT coalesce(sum(definition_length), 0) FROM old_rows) AS definition,
                 (SELECT coalesce(sum(physical_length), 0) FROM new_rows) - (SELECT coalesce(sum(physical_length), 0) FROM old_rows) AS physical) AS d
    WHERE (d.business, d.definition, d.physical) <> (0, 0, 0);
  ELSE
    UPDATE catalog_field_total SET fields = 0, business_length = 0, definition_length = 0, physical_length = 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER catalog_field_total_update AFTER UPDATE ON catalog_fields REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cita_catalog_field_total();
