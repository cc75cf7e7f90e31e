-- Where a card came from: 'shipped' (kb/clinical, loaded by the seed on every start) or 'user' (`cita ingest --corpus kb
-- --from FILE|DIR`). The seed's reload removes only shipped cards it no longer ships; a folder or corpus.jsonl of the
-- user's removes only the user's cards missing from it. Until this version the seed removed every card it did not
-- ship, so a clinic's own document was lost at the next start. Rows stored before are 'user' (which of them were
-- shipped is not known here); the next seed marks every card it ships as 'shipped'.
ALTER TABLE kb_cards ADD COLUMN origin TEXT NOT NULL DEFAULT 'user' CHECK (origin IN ('shipped', 'user'));
-- The same for manuals (`cita ingest --corpus manuals` loads the shipped ones; `--from` the user's).
ALTER TABLE manuals ADD COLUMN origin TEXT NOT NULL DEFAULT 'user' CHECK (origin IN ('shipped', 'user'));
