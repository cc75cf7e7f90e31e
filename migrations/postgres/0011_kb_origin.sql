-- Where a card came from (SQLite 0017_kb_origin.sql): 'shipped' by the seed, 'user' from `cita ingest --from`. A reload
-- removes only the cards of its own origin missing from it. Rows stored before are 'user' until the next seed marks
-- the shipped ones.
ALTER TABLE kb_cards ADD COLUMN origin text NOT NULL DEFAULT 'user' CHECK (origin IN ('shipped', 'user'));
