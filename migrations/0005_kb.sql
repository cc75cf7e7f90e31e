-- Clinical knowledge base (SPEC §4.4): the cards (front matter and Markdown body, for the reader) and their
-- retrievable sub-chunks. The KB is shared reference material: chunks have no owner.
CREATE TABLE kb_cards (
  id             TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 100),
  title          TEXT NOT NULL CHECK (length(trim(title)) > 0),
  category       TEXT NOT NULL,
  source_name    TEXT NOT NULL CHECK (length(trim(source_name)) > 0),
  source_url     TEXT NOT NULL CHECK (source_url LIKE 'https://_%'),
  last_reviewed  TEXT NOT NULL,
  body           TEXT NOT NULL,
  -- Hash of everything above: an unchanged card is skipped without touching its chunks.
  content_hash   TEXT NOT NULL,
  created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- One row per sub-chunk, keyed by (card, position). The embeddable-row convention (id, owner, embed_text,
-- embed_hash) lets the re-embed job and `cita status` treat it like every other corpus.
CREATE TABLE kb_chunks (
  id             INTEGER PRIMARY KEY,
  owner          TEXT CHECK (owner IS NULL),
  card_id        TEXT NOT NULL REFERENCES kb_cards (id) ON DELETE CASCADE,
  chunk_index    INTEGER NOT NULL CHECK (chunk_index >= 0),
  section        TEXT NOT NULL,
  passage        TEXT NOT NULL CHECK (length(trim(passage)) > 0),
  -- Hash of the passage, its section and its card's citation fields: a changed citation updates the row
  -- (counted as updated) without changing embed_hash, so it is not re-embedded.
  content_hash   TEXT NOT NULL,
  embed_text     TEXT NOT NULL,
  embed_hash     TEXT NOT NULL,
  created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (card_id, chunk_index)
) STRICT;
