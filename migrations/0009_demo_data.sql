-- Demo data is marked as such, so the app can badge it and remove it as a whole. The demo profile `cita seed --demo`
-- made before this version (id 'demo', name 'Demo') is demo data; a profile a user happened to call "demo" is not.
ALTER TABLE profiles ADD COLUMN demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1));
UPDATE profiles SET demo = 1 WHERE id = 'demo' AND name = 'Demo';

-- Facts about this data directory that happen once, e.g. whether the first-run demo is still to be loaded.
CREATE TABLE app_state (
  key    TEXT PRIMARY KEY,
  value  TEXT NOT NULL
) STRICT;

-- The app loads a demo profile on its first start, but only into a data directory that holds nothing of the user's:
-- no profile besides the default one, no diary entry, no food of their own. Anything else keeps what it has.
INSERT INTO app_state (key, value)
SELECT 'first_run_demo', 'pending'
WHERE NOT EXISTS (SELECT 1 FROM profiles WHERE id <> 'default')
  AND NOT EXISTS (SELECT 1 FROM diary_entries)
  AND NOT EXISTS (SELECT 1 FROM foods WHERE owner IS NOT NULL);
