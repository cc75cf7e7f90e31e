/**
 * The clinical KB on PostgreSQL + pgvector (issue #21): the same ingest, search and ask as on SQLite, with the
 * database's full-text search and pgvector, and the same ranking and answering code above the store. Runs against
 * CITA_TEST_DATABASE_URL (.ci/run starts one).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AskOutput, KbCard, KbCardSummary, SearchOutput } from '../../../shared/contract.js';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import type { CorpusModule } from '../../../main/corpora/corpus-module.js';
import { loadKbEvaluation } from '../../../main/corpora/kb/kb-evaluation.js';
import { kbKeywordFormat, tsqueryAny, tsvectorLiteral } from '../../../main/corpora/kb/kb-postgres-keyword.js';
import { kbKeywordDocument } from '../../../main/corpora/kb/kb-search.js';
import { foldText } from '../../../main/core/text-folding.js';
import { openPostgres } from '../../../main/db/postgres/postgres-database.js';
import { stemText, textLanguage, wordTokens } from '../../../main/retrieval/stemming.js';
import type { Embedder } from '../../../main/embedding/embedder.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { postgresTests, queryRows, usePostgresDatabases } from '../../helpers/postgres.js';
import { useTempDirs } from '../../helpers/temp.js';
import { copyCards, recordingEmbedder, shippedCardFiles } from './kb-fixtures.js';

const run = postgresTests('the clinical KB on PostgreSQL');
const tempDir = useTempDirs();
const freshDatabase = usePostgresDatabases();

async function call<T>(services: Services, operation: string, input: unknown): Promise<T> {
  const result = await services.dispatcher.call(operation, input, { transport: 'cli', role: 'viewer' });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

const kbOf = (services: Services) => services.module('kb') as CorpusModule;
// The cross-encoder has its own tests (test/model); these are about the store under search and ask.
const open = (databaseUrl?: string, embedder: Embedder = createWordHashEmbedder()) => createServices({ dataDir: tempDir(), embedder, reranker: null, ...(databaseUrl ? { databaseUrl } : {}) });

/** Every row version of the KB's tables (xmin changes with any write to a row): equal before and after = nothing written. */
const rowVersions = (url: string) =>
  queryRows<{ cards: string; chunks: string; vectors: string }>(
    url,
    `SELECT (SELECT string_agg(id || ':' || xmin, ',' ORDER BY id) FROM kb_cards) AS cards,
            (SELECT string_agg(id || ':' || xmin, ',' ORDER BY id) FROM kb_chunks) AS chunks,
            (SELECT string_agg(chunk_id || ':' || xmin, ',' ORDER BY chunk_id) FROM kb_vectors_1) AS vectors`,
  );

describe.runIf(run)('the clinical KB on PostgreSQL', () => {
  it('ingests the shipped cards into PostgreSQL (not the SQLite file), embeds them there, and writes nothing when they are unchanged', async () => {
    const url = await freshDatabase();
    const embedder = recordingEmbedder();
    const services = await open(url, embedder);
    try {
      const first = await ingestCorpus(services, kbOf(services));
      expect(first).toMatchObject({ corpus: 'kb', updated: 0, unchanged: 0, removed: 0 });
      expect(first.inserted).toBeGreaterThan(shippedCardFiles().length);
      expect(first.embedded).toBe(first.inserted);
      expect(services.db.prepare('SELECT count(*) AS n FROM kb_chunks').get()).toEqual({ n: 0 });
      const [counted] = await queryRows<{ cards: number; chunks: number; vectors: number }>(
        url,
        'SELECT (SELECT count(*)::int FROM kb_cards) AS cards, (SELECT count(*)::int FROM kb_chunks) AS chunks, (SELECT count(*)::int FROM kb_vectors_1) AS vectors',
      );
      expect(counted).toEqual({ cards: shippedCardFiles().length, chunks: first.inserted, vectors: first.inserted });

      const before = await rowVersions(url);
      const embeddedBefore = embedder.documents.length;
      expect(await ingestCorpus(services, kbOf(services))).toEqual({ corpus: 'kb', inserted: 0, updated: 0, unchanged: first.inserted, removed: 0, embedded: 0 });
      expect(await rowVersions(url)).toEqual(before);
      expect(embedder.documents.length).toBe(embeddedBefore);

      const status = await call<{ corpora: Array<{ corpus: string; rows: number; vectors: number; store?: string }> }>(services, 'status', {});
      expect(status.corpora.find((entry) => entry.corpus === 'kb')).toMatchObject({ rows: first.inserted, vectors: first.inserted, store: expect.stringMatching(/^PostgreSQL postgres:\/\//) });
    } finally {
      await services.close();
    }
  });

  it("keeps a user's document through a reload of the shipped cards, and a user's folder removes only the user's, as SQLite does", async () => {
    const url = await freshDatabase();
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const document = (directory: string, name: string): string => {
      mkdirSync(directory, { recursive: true });
      writeFileSync(join(directory, name), `# ${name}\n\n## Procedure\n\nUsed sharps go into the yellow container beside the sink.\n`);
      return join(directory, name);
    };
    const own = document(join(tempDir(), 'mine'), 'sala-azul.md');
    const folder = join(tempDir(), 'clinic');
    document(folder, 'sala-roja.md');
    const sqlite = await open();
    const postgres = await open(url);
    try {
      const steps = async (services: Services) => [
        await ingestCorpus(services, kbOf(services)),
        await ingestCorpus(services, kbOf(services), { from: own }),
        await ingestCorpus(services, kbOf(services)),
        await ingestCorpus(services, kbOf(services), { from: folder }),
      ];
      const counts = { sqlite: await steps(sqlite), postgres: await steps(postgres) };
      expect(counts.postgres).toEqual(counts.sqlite);
      // The reload of the shipped cards removed nothing; the folder removed the single file's card only.
      expect(counts.postgres[2]?.removed).toBe(0);
      expect(counts.postgres[3]?.removed).toBe(counts.postgres[1]?.inserted);
      const origins = await queryRows<{ origin: string; n: number }>(url, 'SELECT origin, count(*)::int AS n FROM kb_cards GROUP BY origin ORDER BY origin');
      expect(origins).toEqual([
        { origin: 'shipped', n: shippedCardFiles().length },
        { origin: 'user', n: 1 },
      ]);
      expect(await queryRows(url, "SELECT id FROM kb_cards WHERE origin = 'user'")).toEqual([{ id: 'sala-roja' }]);
    } finally {
      await sqlite.close();
      await postgres.close();
    }
  });

  it('updates, removes (with their vectors) and re-embeds exactly what SQLite does for the same edit', async () => {
    const url = await freshDatabase();
    const cards = copyCards(join(tempDir(), 'cards'));
    const embedders = { sqlite: recordingEmbedder(), postgres: recordingEmbedder() };
    const sqlite = await open(undefined, embedders.sqlite);
    const postgres = await open(url, embedders.postgres);
    try {
      for (const services of [sqlite, postgres]) await ingestCorpus(services, kbOf(services), { from: cards });
      rmSync(join(cards, 'ddi-maoi-tyramine.md'));
      const edited = join(cards, 'ddi-warfarin-nsaids.md');
      const { readFileSync, writeFileSync } = await import('node:fs');
      writeFileSync(edited, readFileSync(edited, 'utf8').replace(/\n## /, '\nAsk the anticoagulation clinic first.\n\n## '));
      const before = { sqlite: embedders.sqlite.documents.length, postgres: embedders.postgres.documents.length };
      const counts = { sqlite: await ingestCorpus(sqlite, kbOf(sqlite), { from: cards }), postgres: await ingestCorpus(postgres, kbOf(postgres), { from: cards }) };
      expect(counts.postgres).toEqual(counts.sqlite);
      expect(counts.postgres.removed).toBeGreaterThan(0);
      expect(counts.postgres.updated + counts.postgres.inserted).toBeGreaterThan(0);
      expect(embedders.postgres.documents.slice(before.postgres)).toEqual(embedders.sqlite.documents.slice(before.sqlite));
      const [vectors] = await queryRows<{ n: number; stale: number; orphans: number }>(
        url,
        `SELECT (SELECT count(*)::int FROM kb_vectors_1) AS n,
                (SELECT count(*)::int FROM kb_vectors_1 v JOIN kb_chunks k ON k.id = v.chunk_id WHERE v.content_hash <> k.embed_hash) AS stale,
                (SELECT count(*)::int FROM kb_chunks WHERE card_id = 'ddi-maoi-tyramine') AS orphans`,
      );
      const chunks = (await queryRows<{ n: number }>(url, 'SELECT count(*)::int AS n FROM kb_chunks'))[0]?.n;
      expect(vectors).toEqual({ n: chunks, stale: 0, orphans: 0 });
    } finally {
      await sqlite.close();
      await postgres.close();
    }
  });

  it('derives again, when it opens, the keyword columns of chunks a cita of schema 4 wrote, as this cita writes them', async () => {
    const current = await freshDatabase();
    const first = await open(current);
    const questions = loadKbEvaluation().slice(0, 20);
    const expected: SearchOutput[] = [];
    try {
      await ingestCorpus(first, kbOf(first));
      for (const question of questions) expected.push(await call<SearchOutput>(first, 'search', { corpus: 'kb', query: question.query, k: 10, strategy: 'keyword' }));
    } finally {
      await first.close();
    }
    // The same cards and chunks as schema 4 held them (migrations/postgres/0002_kb.sql): each field's folded words for
    // PostgreSQL's stemmer, a field without terms zero terms long, and the stems PostgreSQL made as the vocabulary.
    const older = await freshDatabase();
    const schema4 = await openPostgres(older, { upTo: 4 });
    try {
      const cards = await queryRows(current, 'SELECT * FROM kb_cards ORDER BY id');
      const chunks = (await queryRows<{ embed_text: string }>(current, 'SELECT id, card_id, chunk_index, section, passage, content_hash, embed_text, embed_hash FROM kb_chunks ORDER BY id')).map((chunk) => {
        const { title = '', section = '', passage = '' } = kbKeywordDocument({ id: 0, embed_text: chunk.embed_text }).fields;
        const language = textLanguage([title, section, passage].join('\n'));
        const words = (text: string) => wordTokens(foldText(text)).join(' ');
        const length = (text: string) => new Set(stemText(text, language)).size;
        return { ...chunk, title_words: words(title), section_words: words(section), passage_words: words(passage), title_length: length(title), section_length: length(section), passage_length: length(passage) };
      });
      expect(chunks.some((chunk) => chunk.section_length === 0)).toBe(true);
      const columns = 'id, card_id, chunk_index, section, passage, content_hash, embed_text, embed_hash, title_words, section_words, passage_words, title_length, section_length, passage_length';
      await schema4.transaction(async (client) => {
        await client.query('INSERT INTO kb_cards SELECT * FROM json_populate_recordset(NULL::kb_cards, $1)', [JSON.stringify(cards)]);
        await client.query(`INSERT INTO kb_chunks (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::kb_chunks, $1)`, [JSON.stringify(chunks)]);
        await client.query('INSERT INTO kb_words (word) SELECT DISTINCT v.lexeme FROM kb_chunks k CROSS JOIN LATERAL unnest(k.search_vector) AS v (lexeme, positions, weights)');
      });
    } finally {
      await schema4.close();
    }
    const keywordState = async (url: string) => ({
      chunks: await queryRows(url, 'SELECT id, title_words, section_words, passage_words, title_length, section_length, passage_length, keyword_format, search_vector::text AS terms FROM kb_chunks ORDER BY id'),
      words: (await queryRows<{ word: string }>(url, 'SELECT word FROM kb_words ORDER BY word COLLATE "C"')).map((row) => row.word),
    });
    const terms = (url: string) => queryRows(url, 'SELECT id, search_vector::text AS terms FROM kb_chunks ORDER BY id');
    expect(await terms(older)).not.toEqual(await terms(current));
    // Two processes opening it at once: one migrates and derives, the other finds it done. The one-time work says how
    // far it is on stderr (stdout stays the command's output).
    const [chunkCount] = await queryRows<{ n: number }>(older, 'SELECT count(*)::int AS n FROM kb_chunks');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const stdout = vi.spyOn(process.stdout, 'write');
    let opened: Services[];
    let written: { stderr: string[]; stdout: string[] };
    try {
      opened = await Promise.all([open(older), open(older)]);
    } finally {
      written = { stderr: stderr.mock.calls.map(([text]) => String(text)), stdout: stdout.mock.calls.map(([text]) => String(text)) };
      stderr.mockRestore();
      stdout.mockRestore();
    }
    const progress = written.stderr.filter((text) => text.includes('keyword terms'));
    expect(progress[0]).toBe(`cita: updating the clinical KB's keyword terms on PostgreSQL (one time): 0 of ${chunkCount?.n} chunks\n`);
    expect(progress).toContain(`cita: updating the clinical KB's keyword terms on PostgreSQL (one time): ${chunkCount?.n} of ${chunkCount?.n} chunks\n`);
    expect(written.stdout.filter((text) => text.includes('keyword terms'))).toEqual([]);
    try {
      expect(await keywordState(older)).toEqual(await keywordState(current));
      for (const [index, question] of questions.entries()) {
        const output = await call<SearchOutput>(opened[index % 2] as Services, 'search', { corpus: 'kb', query: question.query, k: 10, strategy: 'keyword' });
        // The database sums a score's terms in its own order: equal to the last bits or so.
        const shown = (hits: SearchOutput['hits'] = []) => hits.map((hit) => [hit.id, hit.score.toFixed(12)]);
        expect(shown(output.hits), question.query).toEqual(shown(expected[index]?.hits));
      }
    } finally {
      for (const services of opened) await services.close();
    }
  });

  it('refuses a database whose KB keyword terms a newer cita wrote, in a format it does not know', async () => {
    const url = await freshDatabase();
    const first = await open(url);
    try {
      await ingestCorpus(first, kbOf(first));
    } finally {
      await first.close();
    }
    await queryRows(url, 'UPDATE kb_chunks SET keyword_format = $1 WHERE id = (SELECT min(id) FROM kb_chunks)', [kbKeywordFormat + 1]);
    await expect(open(url)).rejects.toMatchObject({
      code: 'database_too_new',
      message: expect.stringContaining(`keyword terms are in format ${kbKeywordFormat + 1}, but this cita knows formats up to ${kbKeywordFormat}.`),
    });
  });

  it('re-embeds the KB in PostgreSQL for a new embedder, through the same job as every corpus', async () => {
    const url = await freshDatabase();
    const first = await open(url);
    const { inserted } = await ingestCorpus(first, kbOf(first));
    await first.close();
    const services = await open(url, createWordHashEmbedder({ id: 'test:other-embedder', dimensions: 32 }));
    try {
      const before = await call<{ corpora: Array<{ corpus: string; vectors: number; missing: number }> }>(services, 'status', {});
      expect(before.corpora.find((entry) => entry.corpus === 'kb')).toMatchObject({ vectors: 0, missing: inserted });
      const job = await services.dispatcher.call('jobs.start', { kind: 'reembed', corpus: 'kb' }, { transport: 'cli', role: 'editor' });
      if (!job.ok) throw new Error(job.error.message);
      const finished = await services.jobs.wait((job.value as { job: string }).job);
      expect(finished).toMatchObject({ state: 'done', done: inserted });
      const after = await call<{ corpora: Array<{ corpus: string; vectors: number; missing: number }> }>(services, 'status', {});
      expect(after.corpora.find((entry) => entry.corpus === 'kb')).toMatchObject({ vectors: inserted, missing: 0 });
      const [spaces] = await queryRows<{ n: number }>(url, 'SELECT count(*)::int AS n FROM kb_vector_spaces');
      expect(spaces?.n).toBe(2);
    } finally {
      await services.close();
    }
  });

  describe('search and ask, beside the same KB on SQLite', () => {
    let sqlite: Services;
    let postgres: Services;
    let postgresUrl: string;
    const questions = loadKbEvaluation();
    beforeAll(async () => {
      sqlite = await open();
      postgresUrl = await freshDatabase();
      postgres = await open(postgresUrl);
      for (const services of [sqlite, postgres]) await ingestCorpus(services, kbOf(services));
    }, 120_000);
    afterAll(async () => {
      await sqlite?.close();
      await postgres?.close();
    });

    const search = (services: Services, query: string, strategy: string) => call<SearchOutput>(services, 'search', { corpus: 'kb', query, k: 5, strategy });

    // Same BM25 over the same terms (cita's stems on both stores since migrations/postgres/0005), the same query words,
    // the same vectors and distances (exact-distance.ts): the same five cards, scores and answerability. (Before 0005,
    // when PostgreSQL stemmed the chunks and kept its stems of cita's stop words, 3 of these 180 searches differed
    // below first place.)
    it('ranks the same five cards, with the same scores and answerability, for every question of the shipped set by each strategy', async () => {
      const differing: string[] = [];
      let searches = 0;
      for (const strategy of ['keyword', 'vector', 'hybrid']) {
        for (const question of questions) {
          const [a, b] = [await search(sqlite, question.query, strategy), await search(postgres, question.query, strategy)];
          searches += 1;
          expect({ first: b.hits[0]?.id, refused: b.refused }, `${strategy} "${question.query}"`).toEqual({ first: a.hits[0]?.id, refused: a.refused });
          // Twelve digits: a distance summed otherwise on one store (pgvector's float32 loop, SQLite's SIMD lanes)
          // differed in the eighth, enough to swap two near-equal chunks; BM25 sums differ in the sixteenth.
          const shown = (output: SearchOutput) => `${output.hits.map((hit) => `${hit.id}:${hit.score.toPrecision(12)}`).join(',')} ${output.answerability?.probability.toPrecision(12)}`;
          if (shown(a) !== shown(b)) differing.push(`${strategy} "${question.query}":\n  ${shown(a)}\n  ${shown(b)}`);
        }
      }
      expect(searches).toBe(questions.length * 3);
      expect(differing, 'top five or answerability differing (SQLite, then PostgreSQL)').toEqual([]);
    });

    // A term with a non-ASCII digit ("m²", in the metformin and contrast card) is a term like any other on SQLite;
    // PostgreSQL's word parser would split it ("m"), so the chunks' terms go to the database as they are (a tsvector
    // literal) and the query's as quoted tsquery terms.
    it('finds a term with a non-ASCII digit ("m²") on PostgreSQL as SQLite does', async () => {
      const [a, b] = [await search(sqlite, 'm²', 'keyword'), await search(postgres, 'm²', 'keyword')];
      expect(a.hits[0]?.id).toBeDefined();
      expect(a.hits.map((hit) => hit.id)).toContain('ddi-metformin-iodinated-contrast');
      const shown = (output: SearchOutput) => output.hits.map((hit) => [hit.id, hit.score.toFixed(9)]);
      expect(shown(b)).toEqual(shown(a));
      // Beside other words, its BM25 share counts the same: the same cards in the same order with the same scores.
      const [c, d] = [await search(sqlite, 'metformin eGFR 1.73 m²', 'keyword'), await search(postgres, 'metformin eGFR 1.73 m²', 'keyword')];
      expect(c.hits.length).toBeGreaterThan(1);
      expect(shown(d)).toEqual(shown(c));
    });

    it('sends terms to the database as they are, whatever they hold: quotes, backslashes, spaces, a non-ASCII digit', async () => {
      const terms = ["it's", 'back\\slash', "'\\'", 'a b', 'm²', 'x:1', 'y & !z', 'm²'];
      const [row] = await queryRows<{ lexemes: string[]; counts: number[]; found: boolean; missing: boolean }>(
        postgresUrl,
        `SELECT (SELECT array_agg(lexeme ORDER BY lexeme COLLATE "C") FROM unnest($1::tsvector)) AS lexemes,
                (SELECT array_agg(cardinality(positions) ORDER BY lexeme COLLATE "C") FROM unnest($1::tsvector)) AS counts,
                $1::tsvector @@ $2::tsquery AS found, $1::tsvector @@ $3::tsquery AS missing`,
        [tsvectorLiteral(terms), tsqueryAny(["'\\'", 'nothing']), tsqueryAny(['m', 'it', 's', 'x', 'y'])],
      );
      const sorted = [...new Set(terms)].sort();
      expect(row).toEqual({ lexemes: sorted, counts: sorted.map((term) => terms.filter((t) => t === term).length), found: true, missing: false });
      expect(tsqueryAny([])).toBeNull();
    });

    it('answers with the same quotes and citations, and refuses what SQLite refuses', async () => {
      for (const question of questions.slice(0, 20)) {
        const [a, b] = [
          await call<AskOutput>(sqlite, 'ask', { corpus: 'kb', question: question.query }),
          await call<AskOutput>(postgres, 'ask', { corpus: 'kb', question: question.query }),
        ];
        expect({ answer: b.answer, refused: b.refused, citations: b.citations }, question.query).toEqual({ answer: a.answer, refused: a.refused, citations: a.citations });
      }
    });

    it('serves the card list, a card and the drug names from PostgreSQL', async () => {
      const [summariesA, summariesB] = [await call<KbCardSummary[]>(sqlite, 'kb.cards', {}), await call<KbCardSummary[]>(postgres, 'kb.cards', {})];
      expect(summariesB).toEqual(summariesA);
      const id = summariesA[0]?.id as string;
      expect(await call<KbCard>(postgres, 'kb.card', { id })).toEqual(await call<KbCard>(sqlite, 'kb.card', { id }));
      expect(await call(postgres, 'kb.drugs', {})).toEqual(await call(sqlite, 'kb.drugs', {}));
    });
  });
});
