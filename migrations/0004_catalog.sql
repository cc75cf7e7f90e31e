-- The business data catalog (SPEC §4.3, kb/catalog/README.md): sources (systems), their fields, and each field's
-- tribal notes with an applicability condition. The catalog is organisation-wide: no profile owns a row.
CREATE TABLE catalog_sources (
  id           TEXT PRIMARY KEY CHECK (length(id) > 0 AND id NOT GLOB '*[^a-z_]*'),
  name         TEXT NOT NULL CHECK (length(trim(name)) > 0),
  system       TEXT NOT NULL DEFAULT '',
  -- The data-owner unit (README "owner"), not the visibility owner of embeddable rows.
  data_owner   TEXT NOT NULL DEFAULT '',
  description  TEXT NOT NULL DEFAULT '',
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- Embeddable rows (id, owner, embed_text, embed_hash). AUTOINCREMENT: a removed field's id is never reused, so a
-- vector left behind can never be read as another field's.
CREATE TABLE catalog_fields (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  owner          TEXT CHECK (owner IS NULL),
  source         TEXT NOT NULL REFERENCES catalog_sources (id) ON DELETE CASCADE,
  physical_name  TEXT NOT NULL CHECK (length(physical_name) BETWEEN 1 AND 128),
  business_name  TEXT NOT NULL CHECK (length(trim(business_name)) > 0),
  definition     TEXT NOT NULL CHECK (length(trim(definition)) > 0),
  data_type      TEXT NOT NULL CHECK (length(trim(data_type)) > 0),
  -- business_name + definition + every note's text (formula versioned in code); a vector with another hash is stale.
  embed_text     TEXT NOT NULL,
  embed_hash     TEXT NOT NULL,
  created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (source, physical_name)
) STRICT;

-- A note is shown on a hit only when its condition holds for the query; the condition is validated before it is
-- written and again when read back.
CREATE TABLE catalog_notes (
  id              INTEGER PRIMARY KEY,
  field_id        INTEGER NOT NULL REFERENCES catalog_fields (id) ON DELETE CASCADE,
  position        INTEGER NOT NULL CHECK (position >= 0),
  note            TEXT NOT NULL CHECK (length(trim(note)) > 0),
  condition_json  TEXT NOT NULL CHECK (json_valid(condition_json) AND json_type(condition_json) = 'object'),
  UNIQUE (field_id, position)
) STRICT;
