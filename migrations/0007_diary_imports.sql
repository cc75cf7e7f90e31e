-- Every committed CSV import, by content hash, written in the same transaction as its entries: a re-run after a
-- crash (or by mistake) is recognised instead of adding every entry twice.
CREATE TABLE diary_imports (
  id           INTEGER PRIMARY KEY,
  profile      TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  sha256       TEXT NOT NULL,
  rows         INTEGER NOT NULL CHECK (rows >= 0),
  imported_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX diary_imports_by_content ON diary_imports (profile, sha256);
