-- The other names IFCT 2017 gives a food: its scientific name ("Citrus aurantium") and its names in Indian languages
-- and English ("H. Santra; E. Eggplant, Aubergine"), as published. The keyword index searches them; the embedded
-- text stays the seed's name + brand, so adding them leaves every vector current.
ALTER TABLE foods ADD COLUMN scientific_name TEXT NOT NULL DEFAULT '' CHECK (length(scientific_name) <= 300);
ALTER TABLE foods ADD COLUMN local_names TEXT NOT NULL DEFAULT '' CHECK (length(local_names) <= 2000);
