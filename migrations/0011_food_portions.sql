-- Household units (servings) per food, so a diary entry can be "2 × large egg" instead of "100 g".
--
-- Shipped portions (owner NULL) belong to foods of the shared IFCT 2017 base, by IFCT code (the base is loaded by
-- `cita seed`, after migrations, so the code is the link, not the row id). Their weights are facts copied from the
-- household measures of USDA FoodData Central, SR Legacy (https://fdc.nal.usda.gov/, public domain): each row names
-- the SR food it was read from and the measure as published. IFCT 2017 itself publishes no portion sizes. Where an
-- Indian food has no close SR food (paneer, khoa, jaggery, dals other than lentils) it gets no shipped portion, and
-- IFCT lists no prepared dishes (chapati, bread), so those are a profile's own foods with the portions it defines.
-- Rows are listed per food with the usual unit first (the picker offers it first). A profile's own portions (owner =
-- the profile) are units it defines for any food it can see, and go with the profile.
CREATE TABLE food_portions (
  id         INTEGER PRIMARY KEY,
  food_code  TEXT NOT NULL CHECK (length(food_code) BETWEEN 1 AND 80),
  owner      TEXT REFERENCES profiles (id) ON DELETE CASCADE,
  -- The unit as a person says it, singular ("large egg", "cup (240 ml)"); a profile's own portion has one name in both.
  name_en    TEXT NOT NULL CHECK (length(trim(name_en)) > 0 AND length(name_en) <= 80),
  name_es    TEXT NOT NULL CHECK (length(trim(name_es)) > 0 AND length(name_es) <= 80),
  grams      REAL NOT NULL CHECK (grams > 0 AND grams <= 5000),
  source     TEXT NOT NULL DEFAULT '' CHECK (length(source) <= 300),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE INDEX food_portions_by_food ON food_portions (food_code, owner);
CREATE UNIQUE INDEX food_portions_unique_name ON food_portions (food_code, coalesce(owner, ''), name_en);

-- An entry logged as portions keeps the unit chosen and how many; `grams` stays the amount eaten (what the views
-- read), so every total is unchanged by this and an entry logged in grams has neither.
ALTER TABLE diary_entries ADD COLUMN portion_id INTEGER REFERENCES food_portions (id) ON DELETE SET NULL;
ALTER TABLE diary_entries ADD COLUMN portion_quantity REAL CHECK (portion_quantity IS NULL OR (portion_quantity > 0 AND portion_quantity <= 1000));

INSERT INTO food_portions (food_code, name_en, name_es, grams, source) VALUES
  ('M001', 'large egg', 'huevo grande', 50, 'USDA FoodData Central, SR Legacy 01123 "Egg, whole, raw, fresh": 1 large = 50 g'),
  ('M001', 'medium egg', 'huevo mediano', 44, 'USDA FoodData Central, SR Legacy 01123 "Egg, whole, raw, fresh": 1 medium = 44 g'),
  ('M001', 'small egg', 'huevo pequeño', 38, 'USDA FoodData Central, SR Legacy 01123 "Egg, whole, raw, fresh": 1 small = 38 g'),
  ('M004', 'large egg', 'huevo grande', 50, 'USDA FoodData Central, SR Legacy 01129 "Egg, whole, cooked, hard-boiled": 1 large = 50 g'),
  ('M002', 'white of a large egg', 'clara de un huevo grande', 33, 'USDA FoodData Central, SR Legacy 01124 "Egg, white, raw, fresh": 1 large = 33 g'),
  ('M003', 'yolk of a large egg', 'yema de un huevo grande', 17, 'USDA FoodData Central, SR Legacy 01125 "Egg, yolk, raw, fresh": 1 large = 17 g'),
  ('L002', 'cup (240 ml)', 'taza (240 ml)', 244, 'USDA FoodData Central, SR Legacy 01077 "Milk, whole, 3.25% milkfat, with added vitamin D": 1 cup = 244 g'),
  ('L001', 'cup (240 ml)', 'taza (240 ml)', 244, 'USDA FoodData Central, SR Legacy 01109 "Milk, indian buffalo, fluid": 1 cup = 244 g'),
  ('E012', 'medium banana', 'plátano mediano', 118, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 medium (7" to 7-7/8" long) = 118 g'),
  ('E012', 'small banana', 'plátano pequeño', 101, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 small (6" to 6-7/8" long) = 101 g'),
  ('E012', 'large banana', 'plátano grande', 136, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 large (8" to 8-7/8" long) = 136 g'),
  ('E012', 'cup, sliced', 'taza, en rodajas', 150, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 cup, sliced = 150 g'),
  ('E009', 'medium banana', 'plátano mediano', 118, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 medium (7" to 7-7/8" long) = 118 g'),
  ('E009', 'small banana', 'plátano pequeño', 101, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 small (6" to 6-7/8" long) = 101 g'),
  ('E009', 'large banana', 'plátano grande', 136, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 large (8" to 8-7/8" long) = 136 g'),
  ('E009', 'cup, sliced', 'taza, en rodajas', 150, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 cup, sliced = 150 g'),
  ('E010', 'medium banana', 'plátano mediano', 118, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 medium (7" to 7-7/8" long) = 118 g'),
  ('E010', 'small banana', 'plátano pequeño', 101, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 small (6" to 6-7/8" long) = 101 g'),
  ('E010', 'large banana', 'plátano grande', 136, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 large (8" to 8-7/8" long) = 136 g'),
  ('E010', 'cup, sliced', 'taza, en rodajas', 150, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 cup, sliced = 150 g'),
  ('E011', 'medium banana', 'plátano mediano', 118, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 medium (7" to 7-7/8" long) = 118 g'),
  ('E011', 'small banana', 'plátano pequeño', 101, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 small (6" to 6-7/8" long) = 101 g'),
  ('E011', 'large banana', 'plátano grande', 136, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 large (8" to 8-7/8" long) = 136 g'),
  ('E011', 'cup, sliced', 'taza, en rodajas', 150, 'USDA FoodData Central, SR Legacy 09040 "Bananas, raw": 1 cup, sliced = 150 g'),
  ('E001', 'large apple', 'manzana grande', 223, 'USDA FoodData Central, SR Legacy 09003 "Apples, raw, with skin": 1 large (3-1/4" dia) = 223 g'),
  ('E002', 'medium apple', 'manzana mediana', 182, 'USDA FoodData Central, SR Legacy 09003 "Apples, raw, with skin": 1 medium (3" dia) = 182 g'),
  ('E003', 'small apple', 'manzana pequeña', 149, 'USDA FoodData Central, SR Legacy 09003 "Apples, raw, with skin": 1 small (2-3/4" dia) = 149 g'),
  ('E004', 'small apple', 'manzana pequeña', 149, 'USDA FoodData Central, SR Legacy 09003 "Apples, raw, with skin": 1 small (2-3/4" dia) = 149 g'),
  ('T001', 'tablespoon', 'cucharada', 13.6, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tbsp = 13.6 g'),
  ('T001', 'teaspoon', 'cucharadita', 4.5, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tsp = 4.5 g'),
  ('T002', 'tablespoon', 'cucharada', 13.6, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tbsp = 13.6 g'),
  ('T002', 'teaspoon', 'cucharadita', 4.5, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tsp = 4.5 g'),
  ('T003', 'tablespoon', 'cucharada', 13.6, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tbsp = 13.6 g'),
  ('T003', 'teaspoon', 'cucharadita', 4.5, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tsp = 4.5 g'),
  ('T004', 'tablespoon', 'cucharada', 13.6, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tbsp = 13.6 g'),
  ('T004', 'teaspoon', 'cucharadita', 4.5, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tsp = 4.5 g'),
  ('T005', 'tablespoon', 'cucharada', 13.6, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tbsp = 13.6 g'),
  ('T005', 'teaspoon', 'cucharadita', 4.5, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tsp = 4.5 g'),
  ('T006', 'tablespoon', 'cucharada', 13.6, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tbsp = 13.6 g'),
  ('T006', 'teaspoon', 'cucharadita', 4.5, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tsp = 4.5 g'),
  ('T007', 'tablespoon', 'cucharada', 13.6, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tbsp = 13.6 g'),
  ('T007', 'teaspoon', 'cucharadita', 4.5, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tsp = 4.5 g'),
  ('T008', 'tablespoon', 'cucharada', 13.6, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tbsp = 13.6 g'),
  ('T008', 'teaspoon', 'cucharadita', 4.5, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tsp = 4.5 g'),
  ('T009', 'tablespoon', 'cucharada', 13.6, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tbsp = 13.6 g'),
  ('T009', 'teaspoon', 'cucharadita', 4.5, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tsp = 4.5 g'),
  ('T010', 'tablespoon', 'cucharada', 13.6, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tbsp = 13.6 g'),
  ('T010', 'teaspoon', 'cucharadita', 4.5, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tsp = 4.5 g'),
  ('T011', 'tablespoon', 'cucharada', 13.6, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tbsp = 13.6 g'),
  ('T011', 'teaspoon', 'cucharadita', 4.5, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tsp = 4.5 g'),
  ('T012', 'tablespoon', 'cucharada', 13.6, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tbsp = 13.6 g'),
  ('T012', 'teaspoon', 'cucharadita', 4.5, 'USDA FoodData Central, SR Legacy 04044 "Oil, soybean, salad or cooking": 1 tsp = 4.5 g'),
  ('T013', 'tablespoon', 'cucharada', 12.8, 'USDA FoodData Central, SR Legacy 01003 "Butter oil, anhydrous": 1 tbsp = 12.8 g'),
  ('T013', 'teaspoon', 'cucharadita', 4.3, 'USDA FoodData Central, SR Legacy 01003 "Butter oil, anhydrous": 1 tsp = 4.3 g'),
  ('A015', 'cup, raw', 'taza, en crudo', 185, 'USDA FoodData Central, SR Legacy 20044 "Rice, white, long-grain, regular, raw, enriched": 1 cup = 185 g'),
  ('A013', 'cup, raw', 'taza, en crudo', 185, 'USDA FoodData Central, SR Legacy 20036 "Rice, brown, long-grain, raw": 1 cup = 185 g'),
  ('A019', 'cup', 'taza', 120, 'USDA FoodData Central, SR Legacy 20080 "Wheat flour, whole-grain": 1 cup = 120 g'),
  ('A018', 'cup', 'taza', 125, 'USDA FoodData Central, SR Legacy 20081 "Wheat flour, white, all-purpose, enriched, bleached": 1 cup = 125 g'),
  ('B013', 'cup, raw', 'taza, en crudo', 192, 'USDA FoodData Central, SR Legacy 16069 "Lentils, raw": 1 cup = 192 g'),
  ('F006', 'medium potato', 'patata mediana', 213, 'USDA FoodData Central, SR Legacy 11352 "Potatoes, flesh and skin, raw": 1 medium (2-1/4" to 3-1/4" dia) = 213 g'),
  ('F008', 'medium potato', 'patata mediana', 213, 'USDA FoodData Central, SR Legacy 11352 "Potatoes, flesh and skin, raw": 1 medium (2-1/4" to 3-1/4" dia) = 213 g'),
  ('F007', 'small potato', 'patata pequeña', 170, 'USDA FoodData Central, SR Legacy 11352 "Potatoes, flesh and skin, raw": 1 small (1-3/4" to 2-1/2" dia) = 170 g'),
  ('G017', 'medium onion', 'cebolla mediana', 110, 'USDA FoodData Central, SR Legacy 11282 "Onions, raw": 1 medium (2-1/2" dia) = 110 g'),
  ('G017', 'cup, chopped', 'taza, picada', 160, 'USDA FoodData Central, SR Legacy 11282 "Onions, raw": 1 cup, chopped = 160 g'),
  ('G018', 'small onion', 'cebolla pequeña', 70, 'USDA FoodData Central, SR Legacy 11282 "Onions, raw": 1 small = 70 g'),
  ('D075', 'medium tomato', 'tomate mediano', 123, 'USDA FoodData Central, SR Legacy 11529 "Tomatoes, red, ripe, raw, year round average": 1 medium whole (2-3/5" dia) = 123 g'),
  ('D075', 'cup, chopped', 'taza, picado', 180, 'USDA FoodData Central, SR Legacy 11529 "Tomatoes, red, ripe, raw, year round average": 1 cup, chopped or sliced = 180 g'),
  ('D076', 'medium tomato', 'tomate mediano', 123, 'USDA FoodData Central, SR Legacy 11529 "Tomatoes, red, ripe, raw, year round average": 1 medium whole (2-3/5" dia) = 123 g'),
  ('D076', 'cup, chopped', 'taza, picado', 180, 'USDA FoodData Central, SR Legacy 11529 "Tomatoes, red, ripe, raw, year round average": 1 cup, chopped or sliced = 180 g'),
  ('F002', 'medium carrot', 'zanahoria mediana', 61, 'USDA FoodData Central, SR Legacy 11124 "Carrots, raw": 1 medium = 61 g'),
  ('H001', 'almond', 'almendra', 1.2, 'USDA FoodData Central, SR Legacy 12061 "Nuts, almonds": 1 almond = 1.2 g'),
  ('H001', 'cup, whole', 'taza, enteras', 143, 'USDA FoodData Central, SR Legacy 12061 "Nuts, almonds": 1 cup, whole = 143 g');
