-- The clinical knowledge base on PostgreSQL (issue #21): the same cards and chunks as migrations/0005_kb.sql (with
-- 0012's documents and 0015's severity), plus what the database searches with itself.
CREATE TABLE kb_cards (
  id             text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 100),
  title          text NOT NULL CHECK (length(trim(title)) > 0),
  category       text NOT NULL,
  source_name    text NOT NULL CHECK (length(trim(source_name)) > 0),
  source_url     text NOT NULL CHECK (source_url = '' OR source_url LIKE 'https://_%'),
  last_reviewed  text NOT NULL,
  body           text NOT NULL,
  original_id    text CHECK (original_id IS NULL OR length(original_id) BETWEEN 1 AND 1000),
  severity       text CHECK (severity IS NULL OR severity IN ('contraindicated', 'avoid', 'monitor', 'emergency', 'urgent')),
  content_hash   text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

-- The `english` configuration's Snowball stemmer without its stop-word list: the question's stop words are cita's own
-- (core/text-folding.ts), dropped before it reaches the database, and words such as "before", "not" or "after",
-- stop words to PostgreSQL, are clinical words the SQLite store indexes and a question may turn on.
CREATE TEXT SEARCH DICTIONARY cita_english_stem (TEMPLATE = snowball, Language = english);
CREATE TEXT SEARCH CONFIGURATION cita_english (COPY = english);
ALTER TEXT SEARCH CONFIGURATION cita_english ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH cita_english_stem;

-- Ids come from an identity column and are never reused: a vector left behind can never be read as another chunk's.
CREATE TABLE kb_chunks (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  card_id        text NOT NULL REFERENCES kb_cards (id) ON DELETE CASCADE,
  chunk_index    integer NOT NULL CHECK (chunk_index >= 0),
  section        text NOT NULL,
  passage        text NOT NULL CHECK (length(trim(passage)) > 0),
  content_hash   text NOT NULL,
  embed_text     text NOT NULL,
  embed_hash     text NOT NULL,
  -- The three texts the keyword path reads (the embedded text's title line, section line and passage), folded by
  -- cita (case and accents: core/text-folding.ts), and each one's number of distinct stems: BM25's field lengths,
  -- counted as the SQLite store's MiniSearch counts them.
  title_words    text NOT NULL,
  section_words  text NOT NULL,
  passage_words  text NOT NULL,
  title_length   integer NOT NULL CHECK (title_length >= 0),
  section_length integer NOT NULL CHECK (section_length >= 0),
  passage_length integer NOT NULL CHECK (passage_length >= 0),
  -- English stems of the three texts, each field under its own weight label (A title, B section, D passage) so a
  -- lexeme's frequency in each field can be read back for BM25; the fields weigh the same (kb-search.ts).
  search_vector  tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('cita_english', title_words), 'A') || setweight(to_tsvector('cita_english', section_words), 'B') ||
    setweight(to_tsvector('cita_english', passage_words), 'D')
  ) STORED,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (card_id, chunk_index)
);
CREATE INDEX kb_chunks_search ON kb_chunks USING gin (search_vector);

-- Every lexeme of the chunks: the vocabulary an unstemmed query word (a name, a partial word, a typo) is matched
-- against loosely, as the start of a longer word or within a typo, as MiniSearch does on SQLite. Words are only
-- added (a word no chunk uses any more widens nothing: it matches no row).
CREATE TABLE kb_words (word text PRIMARY KEY);
CREATE INDEX kb_words_trigram ON kb_words USING gin (word gin_trgm_ops);

-- One vector space per (embedder, text formula), as in SQLite: each space's vectors live in their own table
-- (kb_vectors_<id>, created by cita with the embedder's dimensions and an HNSW cosine index).
CREATE TABLE kb_vector_spaces (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  embedder_id  text NOT NULL,
  formula      text NOT NULL,
  dimensions   integer NOT NULL CHECK (dimensions BETWEEN 1 AND 2000),
  table_name   text NOT NULL UNIQUE,
  UNIQUE (embedder_id, formula)
);
