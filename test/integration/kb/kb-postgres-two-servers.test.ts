/**
 * Two cita app instances behind one PostgreSQL KB (issue #21), as two `cita serve` processes would be: each with its
 * own connection pool, caches and data directory. What one ingests the other searches and asks at its next question,
 * with the same results (no instance keeps a copy of the cards that could go stale), and ingests through both at once
 * lose and duplicate nothing. A word-hash embedder and no cross-encoder: these weigh the store, not the models.
 */
import { describe, expect, it } from 'vitest';
import type { AskOutput, SearchOutput } from '../../../shared/contract.js';
import type { Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import type { CorpusModule } from '../../../main/corpora/corpus-module.js';
import { loadKbEvaluation } from '../../../main/corpora/kb/kb-evaluation.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { kbRowCounts, shippedCardFiles, teamCard } from './kb-fixtures.js';

const run = postgresTests('two cita instances on one PostgreSQL KB');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

const kbOf = (services: Services) => services.module('kb') as CorpusModule;
const open = (databaseUrl?: string) => openServices({ dataDir: tempDir(), embedder: createWordHashEmbedder(), reranker: null, ...(databaseUrl ? { databaseUrl } : {}) });

async function call<T>(services: Services, operation: string, input: unknown): Promise<T> {
  const result = await services.dispatcher.call(operation, input, { transport: 'cli', role: 'viewer' });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

const search = (services: Services, query: string) => call<SearchOutput>(services, 'search', { corpus: 'kb', query, k: 5, strategy: 'hybrid' });

/** What a search shows: its cards in order, each one's answerability, and whether it refused. */
const shown = (output: SearchOutput) => ({ hits: output.hits.map((hit) => [hit.id, hit.relevance]), refused: output.refused, probability: output.answerability?.probability });

describe.runIf(run)('two cita instances sharing one PostgreSQL KB', () => {
  it('search and ask through one what was ingested through the other, with the results of the one that ingested', async () => {
    const url = await freshDatabase();
    const [a, b] = [await open(url), await open(url)];
    // B has searched and listed drugs (and so built what it derives from the cards) before A writes anything.
    expect((await search(b, 'Can warfarin be taken with ibuprofen?')).hits).toEqual([]);
    expect(await call(b, 'kb.drugs', {})).toEqual([]);
    const ingested = await ingestCorpus(a, kbOf(a));
    expect(ingested.embedded).toBe(ingested.inserted);

    const questions = loadKbEvaluation().slice(0, 30);
    const throughB: SearchOutput[] = [];
    for (const question of questions) {
      throughB.push(await search(b, question.query));
      expect(shown(throughB.at(-1) as SearchOutput), question.query).toEqual(shown(await search(a, question.query)));
    }
    // B's agreement is not two empty KBs agreeing: it finds cards, and answers some of the questions.
    expect(throughB.every((output) => output.hits.length > 0)).toBe(true);
    expect(throughB.filter((output) => !output.refused).length).toBeGreaterThan(0);
    for (const question of questions.slice(0, 10)) {
      const [throughA, throughB] = [await call<AskOutput>(a, 'ask', { corpus: 'kb', question: question.query }), await call<AskOutput>(b, 'ask', { corpus: 'kb', question: question.query })];
      expect({ answer: throughB.answer, refused: throughB.refused, citations: throughB.citations }, question.query).toEqual({
        answer: throughA.answer,
        refused: throughA.refused,
        citations: throughA.citations,
      });
    }
    expect(await call(b, 'kb.cards', {})).toEqual(await call(a, 'kb.cards', {}));
    expect(await call(b, 'kb.drugs', {})).toEqual(await call(a, 'kb.drugs', {}));
  }, 120_000);

  it('ingest through both at once, the whole KB and cards of their own, and lose or duplicate no card, chunk or vector', async () => {
    const url = await freshDatabase();
    const [a, b, sqlite] = [await open(url), await open(url), await open()];
    const cards = tempDir();
    const teams = { alfa: [0, 1, 2, 3, 4, 5].map((index) => teamCard(cards, 'alfa', index)), beta: [6, 7, 8, 9, 10, 11].map((index) => teamCard(cards, 'beta', index)) };

    // The same whole KB through both at the same moment: one writes it, the other then finds it unchanged.
    const [first, second] = await Promise.all([ingestCorpus(a, kbOf(a)), ingestCorpus(b, kbOf(b))]);
    const total = first.inserted + second.inserted;
    expect(total).toBeGreaterThan(shippedCardFiles().length);
    expect([first.inserted, second.inserted].sort((x, y) => x - y)).toEqual([0, total]);
    expect(first.unchanged + second.unchanged).toBe(total);

    // Each instance its own team's cards, one file at a time, all at once.
    const ownCards = await Promise.all([
      ...teams.alfa.map((card) => ingestCorpus(a, kbOf(a), { from: card.path })),
      ...teams.beta.map((card) => ingestCorpus(b, kbOf(b), { from: card.path })),
    ]);
    for (const counts of ownCards) expect(counts).toMatchObject({ updated: 0, unchanged: 0, removed: 0, inserted: expect.any(Number) });

    // The same writes, one after another, into SQLite: the rows PostgreSQL must hold.
    await ingestCorpus(sqlite, kbOf(sqlite));
    for (const card of [...teams.alfa, ...teams.beta]) await ingestCorpus(sqlite, kbOf(sqlite), { from: card.path });
    const expected = {
      cards: (await call<unknown[]>(sqlite, 'kb.cards', {})).length,
      chunks: (sqlite.db.prepare('SELECT count(*) AS n FROM kb_chunks').get() as { n: number }).n,
    };
    expect(ownCards.reduce((sum, counts) => sum + counts.inserted, 0)).toBe(expected.chunks - total);
    expect(await kbRowCounts(url)).toEqual({ ...expected, vectors: expected.chunks, unembedded: 0 });

    // Each team's cards found first by their own word, through the other instance too.
    for (const [server, card] of [...teams.alfa.map((card) => [b, card] as const), ...teams.beta.map((card) => [a, card] as const)]) {
      const hits = (await call<SearchOutput>(server, 'search', { corpus: 'kb', query: card.word, k: 3, strategy: 'keyword' })).hits;
      expect(hits[0]?.id, card.word).toBe(card.id);
    }
  }, 120_000);
});
