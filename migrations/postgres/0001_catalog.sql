-- The business data catalog on PostgreSQL (issue #21): the same rows as migrations/0004_catalog.sql, plus what the
-- database searches with itself. The extensions are created by a superuser beforehand (scripts/pg-test-server.sh,
-- or the administrator of a managed service); cita checks that they are there before it migrates.
CREATE TABLE catalog_sources (
  id           text PRIMARY KEY CHECK (length(id) > 0 AND id !~ '[^a-z_]'),
  name         text NOT NULL CHECK (length(trim(name)) > 0),
  system       text NOT NULL DEFAULT '',
  data_owner   text NOT NULL DEFAULT '',
  description  text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Ids come from an identity column and are never reused (as SQLite's AUTOINCREMENT): a vector left behind can never
-- be read as another field's.
CREATE TABLE catalog_fields (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source         text NOT NULL REFERENCES catalog_sources (id) ON DELETE CASCADE,
  physical_name  text NOT NULL CHECK (length(physical_name) BETWEEN 1 AND 128),
  business_name  text NOT NULL CHECK (length(trim(business_name)) > 0),
  definition     text NOT NULL CHECK (length(trim(definition)) > 0),
  data_type      text NOT NULL CHECK (length(trim(data_type)) > 0),
  embed_text     text NOT NULL,
  embed_hash     text NOT NULL,
  -- Folded by cita (case and accents, words joined by single spaces: core/text-folding.ts), so "Crédito" and
  -- "credito" are one word to both the full-text search and the substring match without the unaccent extension.
  business_term    text NOT NULL,
  definition_words text NOT NULL,
  physical_words   text NOT NULL,
  -- Phase 1: Spanish and English stems of the three texts; the business name weighs most (MiniSearch's boost 3).
  search_vector  tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('spanish', business_term), 'A') || setweight(to_tsvector('english', business_term), 'A') ||
    setweight(to_tsvector('spanish', definition_words), 'C') || setweight(to_tsvector('english', definition_words), 'C') ||
    setweight(to_tsvector('simple', physical_words), 'C')
  ) STORED,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, physical_name)
);
CREATE INDEX catalog_fields_search ON catalog_fields USING gin (search_vector);
-- The seed's `business_name ILIKE '%term%'`, served by a trigram index.
CREATE INDEX catalog_fields_business_term ON catalog_fields USING gin (business_term gin_trgm_ops);

-- Every folded word of the catalog's texts: the vocabulary a query word is matched against loosely, as the start of
-- a longer word ("cred" → credito) or within a typo ("interest" → interes), as MiniSearch does on SQLite. Words are
-- only added (a word no field uses any more widens nothing: it matches no row).
CREATE TABLE catalog_words (word text PRIMARY KEY);
CREATE INDEX catalog_words_trigram ON catalog_words USING gin (word gin_trgm_ops);

-- OR of many tsqueries (the query's words and their loose forms) as one, so the GIN index serves the whole query.
CREATE AGGREGATE cita_tsquery_or (tsquery) (SFUNC = tsquery_or, STYPE = tsquery);

CREATE TABLE catalog_notes (
  field_id        bigint NOT NULL REFERENCES catalog_fields (id) ON DELETE CASCADE,
  position        integer NOT NULL CHECK (position >= 0),
  note            text NOT NULL CHECK (length(trim(note)) > 0),
  condition_json  jsonb NOT NULL CHECK (jsonb_typeof(condition_json) = 'object'),
  -- The text as written, so a note reads back byte for byte (jsonb reorders keys).
  condition_text  text NOT NULL,
  PRIMARY KEY (field_id, position)
);

-- One vector space per (embedder, text formula), as in SQLite: each space's vectors live in their own table
-- (catalog_vectors_<id>, created by cita with the embedder's dimensions and an HNSW cosine index).
CREATE TABLE catalog_vector_spaces (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  embedder_id  text NOT NULL,
  formula      text NOT NULL,
  dimensions   integer NOT NULL CHECK (dimensions BETWEEN 1 AND 2000),
  table_name   text NOT NULL UNIQUE,
  UNIQUE (embedder_id, formula)
);
