-- One vec0 table per (corpus, embedder id, text formula): vectors of two embedders are never compared.
CREATE TABLE vector_spaces (
  id           INTEGER PRIMARY KEY,
  corpus       TEXT NOT NULL,
  embedder_id  TEXT NOT NULL,
  formula      TEXT NOT NULL,
  dimensions   INTEGER NOT NULL CHECK (dimensions > 0),
  table_name   TEXT NOT NULL UNIQUE,
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (corpus, embedder_id, formula)
) STRICT;
