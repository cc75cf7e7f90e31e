-- A profile's own foods and units on PostgreSQL (issue #21). In SQLite an own food's code is `U<row id>` and an own
-- unit's id a row id of one data directory, so two servers sharing this database would give one code to two foods.
-- Here the database gives them: codes `UP<n>` and unit ids above 1,000,000,000, which every server sharing it reads
-- the same, so an entry logged through one server names the same food and unit through every other. The shipped
-- foods and units stay in each data directory (the same codes and unit ids in every one, all below 1,000,000,000).
CREATE SEQUENCE own_foods_revision;

CREATE TABLE own_foods (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- 'UP' || id, written with the row (own-foods-postgres.ts): never an IFCT code (a letter and three digits) nor a
  -- SQLite own food's `U<n>`.
  code              text NOT NULL UNIQUE CHECK (code ~ '^UP[0-9]+$'),
  owner             text NOT NULL CHECK (length(owner) BETWEEN 1 AND 100),
  name              text NOT NULL CHECK (length(btrim(name)) > 0 AND length(name) <= 200),
  brand             text NOT NULL DEFAULT '' CHECK (length(brand) <= 200),
  food_group        text NOT NULL DEFAULT '',
  source            text NOT NULL,
  energy_kcal       float8 CHECK (energy_kcal >= 0),
  energy_kj         float8 CHECK (energy_kj >= 0),
  protein           float8 CHECK (protein >= 0),
  fat               float8 CHECK (fat >= 0),
  saturated_fat     float8 CHECK (saturated_fat >= 0),
  carbohydrate      float8 CHECK (carbohydrate >= 0),
  fibre             float8 CHECK (fibre >= 0),
  free_sugars       float8 CHECK (free_sugars >= 0),
  sodium            float8 CHECK (sodium >= 0),
  potassium         float8 CHECK (potassium >= 0),
  calcium           float8 CHECK (calcium >= 0),
  iron              float8 CHECK (iron >= 0),
  vitamin_c         float8 CHECK (vitamin_c >= 0),
  -- The text the embedder sees (foods-repository.ts's formula) and its hash; a vector with another hash is stale.
  embed_text        text NOT NULL,
  embed_hash        text NOT NULL,
  -- Written by the demo diary (its packaged foods), as the demo's entries are marked (0007_diary_demo.sql).
  demo              boolean NOT NULL DEFAULT false,
  -- Taken from the sequence by every insert and update: a process holding the foods in its keyword index compares
  -- (count, max(revision)) with its own to know whether any row was added, changed or removed since.
  revision          bigint NOT NULL DEFAULT nextval('own_foods_revision'),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX own_foods_by_owner ON own_foods (owner, name, brand);

-- Units of any food a profile can see (a shipped food by its IFCT code, or an own food by its UP code).
CREATE TABLE own_food_portions (
  id          bigint GENERATED ALWAYS AS IDENTITY (START WITH 1000000001) PRIMARY KEY CHECK (id > 1000000000),
  food_code   text NOT NULL CHECK (length(food_code) BETWEEN 1 AND 80),
  owner       text NOT NULL CHECK (length(owner) BETWEEN 1 AND 100),
  name_en     text NOT NULL CHECK (length(btrim(name_en)) > 0 AND length(name_en) <= 80),
  name_es     text NOT NULL CHECK (length(btrim(name_es)) > 0 AND length(name_es) <= 80),
  grams       float8 NOT NULL CHECK (grams > 0 AND grams <= 5000),
  source      text NOT NULL DEFAULT '' CHECK (length(source) <= 300),
  demo        boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (food_code, owner, name_en)
);
CREATE INDEX own_food_portions_by_owner ON own_food_portions (owner, food_code);

-- The own foods' vectors, one pgvector table per embedder space (own_food_vectors_<id>, created by cita when a space
-- is first written, with an HNSW cosine index), as the catalog's and the KB's.
CREATE TABLE own_food_vector_spaces (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  embedder_id  text NOT NULL,
  formula      text NOT NULL,
  dimensions   integer NOT NULL CHECK (dimensions BETWEEN 1 AND 2000),
  table_name   text NOT NULL UNIQUE,
  UNIQUE (embedder_id, formula)
);
