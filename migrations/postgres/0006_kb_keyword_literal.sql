-- The KB's keyword terms on PostgreSQL are taken exactly as cita writes them (issue #21). Since 0005 the chunks' terms
-- were cita's stems, read by the `simple` configuration's word parser; that parser splits a stem with a non-ASCII
-- digit ("m²" becomes "m"), so such a term was left out and no search found it on PostgreSQL, while SQLite's
-- MiniSearch does. Now title_words, section_words and passage_words of a keyword_format 3 row hold a `tsvector`
-- literal (each term quoted, with its positions: `'egfr':1 'm²':2,5`), cast as it is, never parsed; the positions keep
-- each term's frequency, which BM25 reads from the weight of each position (kb-postgres-keyword.ts).
--
-- Rows of formats 1 and 2 hold words for the parser: their search_vector is computed as before until the store,
-- opening, derives them again (kb-postgres-write.ts `upgradeKbKeywordColumns`), before any search.
ALTER TABLE kb_chunks DROP COLUMN search_vector;
ALTER TABLE kb_chunks ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  CASE WHEN keyword_format >= 3 THEN
    setweight(title_words::tsvector, 'A') || setweight(section_words::tsvector, 'B') || setweight(passage_words::tsvector, 'D')
  ELSE
    setweight(to_tsvector('simple', title_words), 'A') || setweight(to_tsvector('simple', section_words), 'B') ||
    setweight(to_tsvector('simple', passage_words), 'D')
  END
) STORED;
CREATE INDEX kb_chunks_search ON kb_chunks USING gin (search_vector);
