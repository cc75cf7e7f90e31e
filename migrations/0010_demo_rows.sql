-- Demo diary rows are marked, so loading the demo again (`cita seed --demo`) replaces only the rows it wrote, never an
-- entry or target the user added to the demo profile: 1 = written by the demo, 0 = the user's.
ALTER TABLE diary_entries ADD COLUMN demo INTEGER DEFAULT 0 CHECK (demo IS NULL OR demo IN (0, 1));
ALTER TABLE diary_targets ADD COLUMN demo INTEGER DEFAULT 0 CHECK (demo IS NULL OR demo IN (0, 1));

-- Rows already in a demo profile may be the demo's or the user's: nobody can tell now, so they are marked unknown
-- (NULL). Loading the demo again backs the database up before it replaces them.
UPDATE diary_entries SET demo = NULL WHERE profile IN (SELECT id FROM profiles WHERE demo = 1);
UPDATE diary_targets SET demo = NULL WHERE profile IN (SELECT id FROM profiles WHERE demo = 1);
