-- The KB also holds documents a user brings (a folder of Markdown, text, HTML or PDF files; a BEIR corpus.jsonl),
-- not only the shipped cards: such a document may have no web address (source_url '' = none, its source is the
-- file named in source_name), and its id is derived from the file name or the corpus's own id, which is kept in
-- original_id (NULL when the id is the document's own) so hits and evaluations can name it as the user does.
-- SQLite cannot change a CHECK in place: both tables are rebuilt, chunk ids kept (vectors are keyed by them).
CREATE TABLE kb_cards_next (
  id             TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 100),
  title          TEXT NOT NULL CHECK (length(trim(title)) > 0),
  category       TEXT NOT NULL,
  source_name    TEXT NOT NULL CHECK (length(trim(source_name)) > 0),
  source_url     TEXT NOT NULL CHECK (source_url = '' OR source_url LIKE 'https://_%'),
  last_reviewed  TEXT NOT NULL,
  body           TEXT NOT NULL,
  original_id    TEXT CHECK (original_id IS NULL OR length(original_id) BETWEEN 1 AND 1000),
  content_hash   TEXT NOT NULL,
  created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

INSERT INTO kb_cards_next (id, title, category, source_name, source_url, last_reviewed, body, original_id, content_hash, created_at, updated_at)
  SELECT id, title, category, source_name, source_url, last_reviewed, body, NULL, content_hash, created_at, updated_at FROM kb_cards;

CREATE TABLE kb_chunks_next (
  id             INTEGER PRIMARY KEY,
  owner          TEXT CHECK (owner IS NULL),
  card_id        TEXT NOT NULL REFERENCES kb_cards_next (id) ON DELETE CASCADE,
  chunk_index    INTEGER NOT NULL CHECK (chunk_index >= 0),
  section        TEXT NOT NULL,
  passage        TEXT NOT NULL CHECK (length(trim(passage)) > 0),
  content_hash   TEXT NOT NULL,
  embed_text     TEXT NOT NULL,
  embed_hash     TEXT NOT NULL,
  created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (card_id, chunk_index)
) STRICT;

INSERT INTO kb_chunks_next SELECT id, owner, card_id, chunk_index, section, passage, content_hash, embed_text, embed_hash, created_at, updated_at FROM kb_chunks;

DROP TABLE kb_chunks;
DROP TABLE kb_cards;
ALTER TABLE kb_cards_next RENAME TO kb_cards;
ALTER TABLE kb_chunks_next RENAME TO kb_chunks;
