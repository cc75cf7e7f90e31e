-- The demo diary on PostgreSQL (issue #21): the rows the demo writes are marked, as migrations/0010_demo_rows.sql marks
-- them in SQLite, so loading the demo again replaces only its own rows and never an entry or target a user added to
-- the demo profile. Every row already here is a user's: no cita before this version loaded the demo on PostgreSQL, so
-- no row is of unknown origin (SQLite's NULL) and the mark is never null.
ALTER TABLE diary_entries ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE diary_targets ADD COLUMN demo boolean NOT NULL DEFAULT false;
