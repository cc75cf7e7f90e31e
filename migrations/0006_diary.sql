-- Food diary (SPEC §4.2): entries (profile, date, meal, food, grams) and nutrient targets with effective dates.
-- Nutrients per entry and per day come only from the views below: the dashboard, `diary.day`, `diary.series` and
-- "Ask your log" all read them, so an answer's figure is the figure the dashboard shows. Every nutrient key of
-- shared/nutrients.ts is a column of the views (a test holds them together).

CREATE TABLE diary_entries (
  id          INTEGER PRIMARY KEY,
  profile     TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  -- A calendar day that exists, within the years a diary can plausibly hold.
  date        TEXT NOT NULL CHECK (date(date) IS date AND date BETWEEN '2000-01-01' AND '2099-12-31'),
  meal        TEXT NOT NULL CHECK (meal IN ('breakfast', 'lunch', 'dinner', 'snack')),
  food_id     INTEGER NOT NULL REFERENCES foods (id) ON DELETE RESTRICT,
  -- Grams eaten: positive and at most 5 kg in one entry.
  grams       REAL NOT NULL CHECK (grams > 0 AND grams <= 5000),
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX diary_entries_by_profile_date ON diary_entries (profile, date);
CREATE INDEX diary_entries_by_food ON diary_entries (food_id);

-- A profile may only log foods it can see: the shared base or its own (the seed's row-level security).
CREATE TRIGGER diary_entries_food_visible_insert BEFORE INSERT ON diary_entries
WHEN NOT EXISTS (SELECT 1 FROM foods WHERE id = NEW.food_id AND (owner IS NULL OR owner = NEW.profile))
BEGIN
  SELECT RAISE(ABORT, 'diary entry: the food is not visible to the profile');
END;

CREATE TRIGGER diary_entries_food_visible_update BEFORE UPDATE OF profile, food_id ON diary_entries
WHEN NOT EXISTS (SELECT 1 FROM foods WHERE id = NEW.food_id AND (owner IS NULL OR owner = NEW.profile))
BEGIN
  SELECT RAISE(ABORT, 'diary entry: the food is not visible to the profile');
END;

-- A daily target for one nutrient, effective from a day until the next target of that nutrient.
CREATE TABLE diary_targets (
  id              INTEGER PRIMARY KEY,
  profile         TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  nutrient        TEXT NOT NULL CHECK (nutrient IN ('energy_kcal', 'energy_kj', 'protein', 'fat', 'carbohydrate', 'fibre', 'free_sugars', 'sodium', 'potassium', 'calcium', 'iron', 'vitamin_c')),
  amount          REAL NOT NULL CHECK (amount > 0 AND amount <= 1000000),
  effective_from  TEXT NOT NULL CHECK (date(effective_from) IS effective_from AND effective_from BETWEEN '2000-01-01' AND '2099-12-31'),
  UNIQUE (profile, nutrient, effective_from)
) STRICT;

-- Nutrients of each entry: grams / 100 x the food's value per 100 g; NULL when the food lacks the nutrient.
CREATE VIEW diary_entry_nutrients AS
SELECT
  e.id AS entry_id,
  e.profile,
  e.date,
  e.meal,
  e.food_id,
  f.code AS food_code,
  f.name AS food_name,
  f.brand AS food_brand,
  f.owner AS food_owner,
  e.grams,
  e.grams * f.energy_kcal / 100.0 AS energy_kcal,
  e.grams * f.energy_kj / 100.0 AS energy_kj,
  e.grams * f.protein / 100.0 AS protein,
  e.grams * f.fat / 100.0 AS fat,
  e.grams * f.carbohydrate / 100.0 AS carbohydrate,
  e.grams * f.fibre / 100.0 AS fibre,
  e.grams * f.free_sugars / 100.0 AS free_sugars,
  e.grams * f.sodium / 100.0 AS sodium,
  e.grams * f.potassium / 100.0 AS potassium,
  e.grams * f.calcium / 100.0 AS calcium,
  e.grams * f.iron / 100.0 AS iron,
  e.grams * f.vitamin_c / 100.0 AS vitamin_c
FROM diary_entries e
JOIN foods f ON f.id = e.food_id AND (f.owner IS NULL OR f.owner = e.profile);

-- Daily totals per profile: sums of the entries' nutrients, and how many entries lacked each nutrient (a sum over
-- foods that were not measured is a lower bound, and the reader is told).
CREATE VIEW diary_daily_totals AS
SELECT
  profile,
  date,
  COUNT(*) AS entries,
  SUM(grams) AS grams,
  SUM(energy_kcal) AS energy_kcal,
  SUM(energy_kj) AS energy_kj,
  SUM(protein) AS protein,
  SUM(fat) AS fat,
  SUM(carbohydrate) AS carbohydrate,
  SUM(fibre) AS fibre,
  SUM(free_sugars) AS free_sugars,
  SUM(sodium) AS sodium,
  SUM(potassium) AS potassium,
  SUM(calcium) AS calcium,
  SUM(iron) AS iron,
  SUM(vitamin_c) AS vitamin_c,
  SUM(energy_kcal IS NULL) AS energy_kcal_unmeasured,
  SUM(energy_kj IS NULL) AS energy_kj_unmeasured,
  SUM(protein IS NULL) AS protein_unmeasured,
  SUM(fat IS NULL) AS fat_unmeasured,
  SUM(carbohydrate IS NULL) AS carbohydrate_unmeasured,
  SUM(fibre IS NULL) AS fibre_unmeasured,
  SUM(free_sugars IS NULL) AS free_sugars_unmeasured,
  SUM(sodium IS NULL) AS sodium_unmeasured,
  SUM(potassium IS NULL) AS potassium_unmeasured,
  SUM(calcium IS NULL) AS calcium_unmeasured,
  SUM(iron IS NULL) AS iron_unmeasured,
  SUM(vitamin_c IS NULL) AS vitamin_c_unmeasured
FROM diary_entry_nutrients
GROUP BY profile, date;

-- Each target with the day it stops applying (exclusive; NULL = still in force).
CREATE VIEW diary_target_periods AS
SELECT
  id AS target_id,
  profile,
  nutrient,
  amount,
  effective_from,
  LEAD(effective_from) OVER (PARTITION BY profile, nutrient ORDER BY effective_from) AS effective_until
FROM diary_targets;

-- One row per profile, day with entries and nutrient: the day's total and the target in force that day (the latest
-- target effective on or before the day).
CREATE VIEW diary_daily_nutrients AS
WITH daily (profile, date, nutrient, amount, unmeasured) AS (
  SELECT profile, date, 'energy_kcal', energy_kcal, energy_kcal_unmeasured FROM diary_daily_totals
  UNION ALL SELECT profile, date, 'energy_kj', energy_kj, energy_kj_unmeasured FROM diary_daily_totals
  UNION ALL SELECT profile, date, 'protein', protein, protein_unmeasured FROM diary_daily_totals
  UNION ALL SELECT profile, date, 'fat', fat, fat_unmeasured FROM diary_daily_totals
  UNION ALL SELECT profile, date, 'carbohydrate', carbohydrate, carbohydrate_unmeasured FROM diary_daily_totals
  UNION ALL SELECT profile, date, 'fibre', fibre, fibre_unmeasured FROM diary_daily_totals
  UNION ALL SELECT profile, date, 'free_sugars', free_sugars, free_sugars_unmeasured FROM diary_daily_totals
  UNION ALL SELECT profile, date, 'sodium', sodium, sodium_unmeasured FROM diary_daily_totals
  UNION ALL SELECT profile, date, 'potassium', potassium, potassium_unmeasured FROM diary_daily_totals
  UNION ALL SELECT profile, date, 'calcium', calcium, calcium_unmeasured FROM diary_daily_totals
  UNION ALL SELECT profile, date, 'iron', iron, iron_unmeasured FROM diary_daily_totals
  UNION ALL SELECT profile, date, 'vitamin_c', vitamin_c, vitamin_c_unmeasured FROM diary_daily_totals
)
SELECT
  d.profile,
  d.date,
  d.nutrient,
  d.amount,
  d.unmeasured,
  p.amount AS target
FROM daily d
LEFT JOIN diary_target_periods p
  ON p.profile = d.profile
 AND p.nutrient = d.nutrient
 AND p.effective_from <= d.date
 AND (p.effective_until IS NULL OR d.date < p.effective_until);
