-- The food diary on PostgreSQL (issue #21): the entries, targets and CSV imports of migrations/0006_diary.sql and
-- 0007 (with 0011's units and 0013's saturated fat), so several cita processes add to one diary without losing a write.
-- Foods, their units and the profiles stay in each data directory's SQLite file: no foreign key reaches them, and
-- cita checks a food's and a unit's visibility there before it writes (diary-service.ts). The nutrient views are
-- not here: a statement joins the entries with the foods cita reads from SQLite (diary-postgres-store.ts).
CREATE TABLE diary_entries (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  profile           text NOT NULL CHECK (length(profile) BETWEEN 1 AND 100),
  -- A calendar day as SQLite keeps it (text, compared byte by byte), that exists, within the years a diary can hold.
  -- Written back from a timestamp without time zone: a date's timestamptz follows the session's time zone, and in one
  -- that skipped a day (Pacific/Apia, 2011-12-30) it is the next day.
  date              text COLLATE "C" NOT NULL CHECK (date ~ '^\d{4}-\d{2}-\d{2}$' AND to_char(date::date::timestamp, 'YYYY-MM-DD') = date AND date BETWEEN '2000-01-01' AND '2099-12-31'),
  meal              text COLLATE "C" NOT NULL CHECK (meal IN ('breakfast', 'lunch', 'dinner', 'snack')),
  -- The food by its code, unique in every data directory: the shipped foods have the same code in each (their row
  -- ids need not be the same), so two servers with data directories of their own read the same food.
  food_code         text NOT NULL CHECK (length(food_code) BETWEEN 1 AND 80),
  grams             float8 NOT NULL CHECK (grams > 0 AND grams <= 5000),
  -- A unit of food_portions: a shipped one has the same id in every data directory (migrations/0011_food_portions.sql).
  portion_id        bigint,
  portion_quantity  float8 CHECK (portion_quantity IS NULL OR (portion_quantity > 0 AND portion_quantity <= 1000)),
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX diary_entries_by_profile_date ON diary_entries (profile, date);

CREATE TABLE diary_targets (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  profile         text NOT NULL CHECK (length(profile) BETWEEN 1 AND 100),
  nutrient        text COLLATE "C" NOT NULL CHECK (nutrient IN ('energy_kcal', 'energy_kj', 'protein', 'fat', 'saturated_fat', 'carbohydrate', 'fibre', 'free_sugars', 'sodium', 'potassium', 'calcium', 'iron', 'vitamin_c')),
  amount          float8 NOT NULL CHECK (amount > 0 AND amount <= 1000000),
  effective_from  text COLLATE "C" NOT NULL CHECK (effective_from ~ '^\d{4}-\d{2}-\d{2}$' AND to_char(effective_from::date::timestamp, 'YYYY-MM-DD') = effective_from AND effective_from BETWEEN '2000-01-01' AND '2099-12-31'),
  UNIQUE (profile, nutrient, effective_from)
);

-- Every committed CSV import, by the digest of its rows, written in the same transaction as its entries.
CREATE TABLE diary_imports (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  profile      text NOT NULL CHECK (length(profile) BETWEEN 1 AND 100),
  sha256       text NOT NULL,
  rows         integer NOT NULL CHECK (rows >= 0),
  imported_at  text NOT NULL DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
);
CREATE INDEX diary_imports_by_content ON diary_imports (profile, sha256);
