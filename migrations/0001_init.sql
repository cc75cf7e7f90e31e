-- Settings (one JSON document per section) and profiles.
CREATE TABLE settings (
  section TEXT PRIMARY KEY,
  value   TEXT NOT NULL CHECK (json_valid(value))
) STRICT;

CREATE TABLE profiles (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

INSERT INTO profiles (id, name) VALUES ('default', 'Default');
