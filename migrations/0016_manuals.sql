-- Manuals (issue #22): long documents kept as a navigable tree. A manual's headings make sections (each knows its
-- parent, so the tree can be drawn); each section carries an extractive summary (its own sentences, chosen by the
-- embedder) that the tree search scores first; the passages under a section are what both searches return.
-- Sections and passages follow the embeddable-row convention (id, owner, embed_text, embed_hash).
CREATE TABLE manuals (
  id             TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 100),
  title          TEXT NOT NULL CHECK (length(trim(title)) > 0),
  source_name    TEXT NOT NULL CHECK (length(trim(source_name)) > 0),
  source_url     TEXT NOT NULL CHECK (source_url = '' OR source_url LIKE 'https://_%'),
  -- Hash of the file's text, the chunking and the summary method (with the embedder that chose the sentences):
  -- an unchanged manual is skipped; a changed one is rewritten whole.
  content_hash   TEXT NOT NULL,
  created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE TABLE manual_sections (
  id             INTEGER PRIMARY KEY,
  owner          TEXT CHECK (owner IS NULL),
  manual_id      TEXT NOT NULL REFERENCES manuals (id) ON DELETE CASCADE,
  section_index  INTEGER NOT NULL CHECK (section_index >= 0),
  -- The enclosing section's index, NULL for a top-level one.
  parent_index   INTEGER CHECK (parent_index IS NULL OR parent_index < section_index),
  level          INTEGER NOT NULL CHECK (level BETWEEN 1 AND 6),
  heading        TEXT NOT NULL CHECK (length(trim(heading)) > 0),
  -- `<manual id>#<heading>` (a repeated heading gets " (2)", " (3)"…): how evaluation sets name a section.
  item_key       TEXT NOT NULL,
  -- The section's own sentences chosen as its summary, in reading order; '' for a heading without text of its own.
  summary        TEXT NOT NULL,
  -- Who chose them: the embedder's id, or 'lead' (the first sentences) when no embedder was available.
  summary_by     TEXT NOT NULL,
  embed_text     TEXT NOT NULL,
  embed_hash     TEXT NOT NULL,
  created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (manual_id, section_index),
  UNIQUE (item_key)
) STRICT;

CREATE TABLE manual_passages (
  id             INTEGER PRIMARY KEY,
  owner          TEXT CHECK (owner IS NULL),
  manual_id      TEXT NOT NULL REFERENCES manuals (id) ON DELETE CASCADE,
  section_id     INTEGER NOT NULL REFERENCES manual_sections (id) ON DELETE CASCADE,
  chunk_index    INTEGER NOT NULL CHECK (chunk_index >= 0),
  passage        TEXT NOT NULL CHECK (length(trim(passage)) > 0),
  embed_text     TEXT NOT NULL,
  embed_hash     TEXT NOT NULL,
  created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (section_id, chunk_index)
) STRICT;
CREATE INDEX manual_passages_by_manual ON manual_passages (manual_id);
