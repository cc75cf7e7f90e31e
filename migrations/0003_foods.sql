-- Foods: the shared IFCT 2017 base (owner NULL) and each profile's own foods. Nutrients per 100 g, one column per
-- key of shared/nutrients.ts (a test holds the two together); NULL = not measured.
CREATE TABLE foods (
  id            INTEGER PRIMARY KEY,
  code          TEXT NOT NULL UNIQUE,
  owner         TEXT REFERENCES profiles (id) ON DELETE CASCADE,
  name          TEXT NOT NULL CHECK (length(trim(name)) > 0 AND length(name) <= 200),
  brand         TEXT NOT NULL DEFAULT '' CHECK (length(brand) <= 200),
  food_group    TEXT NOT NULL DEFAULT '',
  source        TEXT NOT NULL,
  energy_kcal   REAL CHECK (energy_kcal >= 0),
  energy_kj     REAL CHECK (energy_kj >= 0),
  protein       REAL CHECK (protein >= 0),
  fat           REAL CHECK (fat >= 0),
  carbohydrate  REAL CHECK (carbohydrate >= 0),
  fibre         REAL CHECK (fibre >= 0),
  free_sugars   REAL CHECK (free_sugars >= 0),
  sodium        REAL CHECK (sodium >= 0),
  potassium     REAL CHECK (potassium >= 0),
  calcium       REAL CHECK (calcium >= 0),
  iron          REAL CHECK (iron >= 0),
  vitamin_c     REAL CHECK (vitamin_c >= 0),
  -- The text the embedder sees (formula versioned in code) and its hash; a vector with another hash is stale.
  embed_text    TEXT NOT NULL,
  embed_hash    TEXT NOT NULL,
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX foods_by_owner ON foods (owner);
