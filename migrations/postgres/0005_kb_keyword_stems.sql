-- The KB's keyword terms on PostgreSQL become cita's own stems (issue #21: the evaluation sets give the same metrics
-- on both stores). Before, the database's Snowball English stemmed the chunks' words and kept cita's stop words
-- ("do", "should", "can"), while a question's words and the SQLite store's index are stemmed by cita (stemming.ts),
-- whose Snowball port stems "added" to "ad", not "add": the keyword candidates of 35 of the 597 questions of the
-- shipped sets were scored otherwise than on SQLite, and a metric (Hit Rate, MRR, nDCG or refusals) of six of the
-- fourteen sets differed. Now title_words, section_words and passage_words hold the stems themselves
-- (kb-postgres-keyword.ts `kbKeywordColumns`), which the `simple` configuration takes as they are, and a field without
-- terms is one term long, as MiniSearch counts it (it was 0; with both, the candidates of 428 questions were scored
-- otherwise).
--
-- Rows written before hold words, not stems: keyword_format says which, and the store derives format-1 rows again when
-- it opens (kb-postgres-write.ts `upgradeKbKeywordColumns`), before any search. New rows name their format.
ALTER TABLE kb_chunks ADD COLUMN keyword_format smallint NOT NULL DEFAULT 1 CHECK (keyword_format >= 1);
ALTER TABLE kb_chunks ALTER COLUMN keyword_format DROP DEFAULT;

ALTER TABLE kb_chunks DROP COLUMN search_vector;
ALTER TABLE kb_chunks ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', title_words), 'A') || setweight(to_tsvector('simple', section_words), 'B') ||
  setweight(to_tsvector('simple', passage_words), 'D')
) STORED;
CREATE INDEX kb_chunks_search ON kb_chunks USING gin (search_vector);
CREATE INDEX kb_chunks_keyword_format ON kb_chunks (keyword_format);

-- No column reads the configuration any more.
DROP TEXT SEARCH CONFIGURATION cita_english;
DROP TEXT SEARCH DICTIONARY cita_english_stem;
