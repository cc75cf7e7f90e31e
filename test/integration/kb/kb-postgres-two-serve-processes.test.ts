/**
 * Two real `cita serve` processes behind one PostgreSQL KB (issue #21): what one ingests the other searches and asks
 * at its very next question, with the same cards, and team cards written by two `cita ingest` processes at once,
 * while both servers search, are all there once and only once. The contract's KB write over HTTP is `ingest` (the
 * shipped cards, the whole KB); a team's own cards arrive through `cita ingest --from FILE` (a folder would be a
 * whole KB of its own and remove the cards it lacks). Runs the built cita (`npm run build:node`) with the real local
 * embedder, without the multilingual one, and with the `kb.rerank` setting off so no server loads the cross-encoder.
 */
import { describe, expect, it } from 'vitest';
import type { AskOutput, SearchOutput } from '../../../shared/contract.js';
import { startServedCita, type ServedCita } from '../../../main/bench/serve-bench.js';
import { readKbSource } from '../../../main/corpora/kb/card-files.js';
import { chunkCard } from '../../../main/corpora/kb/chunking.js';
import { loadKbEvaluation } from '../../../main/corpora/kb/kb-evaluation.js';
import { loadTokenCounter } from '../../../main/corpora/kb/token-counter.js';
import { defaultModelDir } from '../../../main/paths.js';
import { runCitaAsync, type CliRun } from '../../helpers/cli.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { withClient } from '../../helpers/postgres-cuts.js';
import { useTempDirs } from '../../helpers/temp.js';
import { kbRowCounts, shippedCardFiles, teamCard } from './kb-fixtures.js';

const run = postgresTests('two cita serve processes on one PostgreSQL KB');
const tempDir = useTempDirs();
const freshDatabase = usePostgresDatabases();

async function post<T>(server: ServedCita, operation: string, input: unknown): Promise<T> {
  const answer = (await server.post(operation, input)) as { ok: boolean; value: T; error?: { message: string } };
  if (!answer.ok) throw new Error(`${operation}: ${answer.error?.message}`);
  return answer.value;
}

const search = (server: ServedCita, query: string, strategy = 'hybrid') => post<SearchOutput>(server, 'search', { corpus: 'kb', query, k: 5, strategy });
const ask = (server: ServedCita, question: string) => post<AskOutput>(server, 'ask', { corpus: 'kb', question });

/** What a search shows: its cards in order, each one's answerability, and whether it refused. */
const shown = (output: SearchOutput) => ({ hits: output.hits.map((hit) => [hit.id, hit.relevance]), refused: output.refused, probability: output.answerability?.probability });

/** Each card's number of chunk rows, and the chunk rows of a card at the same index (none: the unique key holds). */
const chunksPerCard = (url: string) =>
  withClient(url, async (client) => {
    const { rows } = await client.query<{ card_id: string; chunks: number; indexes: number }>(
      'SELECT card_id, count(*)::int AS chunks, count(DISTINCT chunk_index)::int AS indexes FROM kb_chunks GROUP BY card_id ORDER BY card_id',
    );
    return rows;
  });

/** The chunks cita makes of a card file, counted here as an ingest would: what PostgreSQL must hold of it. */
async function expectedChunks(path: string): Promise<number> {
  const counter = await loadTokenCounter(defaultModelDir());
  const { cards } = await readKbSource(path);
  return cards.reduce((sum, card) => sum + chunkCard(card, counter).length, 0);
}

describe.runIf(run)('two cita serve processes sharing one PostgreSQL KB', () => {
  it('search and ask at once what the other ingested, and keep every card two ingest processes write while both search, once', async () => {
    const url = await freshDatabase();
    // The real local embedder; no cross-language model, so every process loads one model and not two.
    const environment = { CITA_MULTILINGUAL_DIR: tempDir(), CITA_DATABASE_URL: '' };
    // startServedCita kills a server this long after it started: the whole test, not only the start, on a loaded machine.
    const serve = () => startServedCita(tempDir(), { databaseUrl: url, env: environment, timeoutMs: 600_000 });
    const started = await Promise.allSettled([serve(), serve()]);
    const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    if (running.length < 2) {
      await Promise.all(running.map((server) => server.stop()));
      throw (started.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason;
    }
    const [a, b] = running as [ServedCita, ServedCita];
    try {
      // Settings stay in each server's own data directory: both leave the cross-encoder unloaded.
      for (const server of [a, b]) expect(await post(server, 'settings.update', { kb: { rerank: false } })).toMatchObject({ kb: { rerank: false } });

      // B has searched (and so built whatever it derives from the cards) before A writes anything.
      const question = 'Can warfarin be taken with ibuprofen?';
      expect((await search(b, question)).hits).toEqual([]);
      const ingested = await post<{ inserted: number; embedded: number }>(a, 'ingest', { corpus: 'kb' });
      expect(ingested.inserted).toBeGreaterThan(shippedCardFiles().length);
      expect(ingested.embedded).toBe(ingested.inserted);

      // B's very next search and ask find the card A wrote, as A does.
      const seen = await search(b, question);
      expect(seen.hits[0]?.id).toBe('ddi-warfarin-nsaids');
      expect(seen.reranker ?? null).toBeNull();
      const answered = await ask(b, question);
      expect(answered.refused).toBe(false);
      expect(answered.citations.map((citation) => citation.card_id)).toContain('ddi-warfarin-nsaids');
      expect(shown(seen)).toEqual(shown(await search(a, question)));
      const throughA = await ask(a, question);
      expect({ answer: answered.answer, citations: answered.citations }).toEqual({ answer: throughA.answer, citations: throughA.citations });
      for (const { query } of loadKbEvaluation().slice(0, 8)) expect(shown(await search(b, query)), query).toEqual(shown(await search(a, query)));

      // Two `cita ingest` processes at a time, while both servers search: first the same card file through both at
      // once, then each its own team's card files, one after another.
      const cards = tempDir();
      const shared = teamCard(cards, 'both', 12);
      const teams = [[0, 1].map((index) => teamCard(cards, 'alfa', index)), [6, 7].map((index) => teamCard(cards, 'beta', index))];
      let writing = true;
      const failures: string[] = [];
      const searching = [a, b].map(async (server, index) => {
        const queries = [question, 'How should an inhaler be used?', 'alfaaward checklist', 'missed doses because of cost'];
        let done = 0;
        let duringWrites = 0;
        while (writing) {
          await search(server, queries[(done + index) % queries.length] as string).catch((error: unknown) => failures.push((error as Error).message));
          done += 1;
          // Finished while the ingest processes still ran: the searches overlapped the writes.
          if (writing) duringWrites += 1;
        }
        return duringWrites;
      });
      const ingestEach = async (files: ReadonlyArray<{ path: string }>) => {
        const runs: CliRun[] = [];
        for (const file of files) runs.push(await runCitaAsync(['ingest', '--corpus', 'kb', '--json', '--from', file.path, '--data-dir', tempDir(), '--database', url], { env: environment }));
        return runs;
      };
      // Searching stops however the writes end, so a failed write is what the test reports.
      const streams = await Promise.all(teams.map((team) => ingestEach([shared, ...team]))).finally(() => (writing = false));
      const searched = await Promise.all(searching);
      expect(failures).toEqual([]);
      expect(searched.every((count) => count >= 2)).toBe(true);
      for (const imported of streams.flat()) expect(imported.status, imported.stderr).toBe(0);
      type Counts = { inserted: number; updated: number; unchanged: number; removed: number; embedded: number };
      const countsOf = (imported: CliRun) => imported.json() as Counts;

      // The shared card: one process wrote it, the other then found it unchanged.
      const sharedChunks = await expectedChunks(shared.path);
      const sharedImports = streams.map((stream) => countsOf(stream[0] as CliRun));
      expect(sharedImports.map((counts) => counts.inserted).sort((x, y) => x - y)).toEqual([0, sharedChunks]);
      expect(sharedImports.map((counts) => counts.inserted + counts.unchanged)).toEqual([sharedChunks, sharedChunks]);
      // Each team's cards: all inserted, nothing else touched.
      const written = teams.flat();
      const expected = await Promise.all(written.map((card) => expectedChunks(card.path)));
      const teamImports = streams.flatMap((stream) => stream.slice(1).map(countsOf));
      expect(teamImports).toEqual(expected.map((inserted) => ({ corpus: 'kb', inserted, updated: 0, unchanged: 0, removed: 0, embedded: expect.any(Number) })));
      // An ingest embeds every chunk still without a vector, its own or another process's: together, at least all.
      const newChunks = sharedChunks + expected.reduce((sum, chunks) => sum + chunks, 0);
      expect(streams.flat().reduce((sum, imported) => sum + countsOf(imported).embedded, 0)).toBeGreaterThanOrEqual(newChunks);

      // PostgreSQL holds every card once, each with its chunks once and a current vector for each.
      const perCard = await chunksPerCard(url);
      expect(perCard.map((row) => row.card_id)).toEqual([...shippedCardFiles().map((name) => name.replace(/\.md$/, '')), shared.id, ...written.map((card) => card.id)].sort());
      for (const row of perCard) expect(row.indexes, row.card_id).toBe(row.chunks);
      expect([shared, ...written].map((card) => perCard.find((row) => row.card_id === card.id)?.chunks)).toEqual([sharedChunks, ...expected]);
      expect(await kbRowCounts(url)).toEqual({
        cards: shippedCardFiles().length + 1 + written.length,
        chunks: ingested.inserted + newChunks,
        vectors: ingested.inserted + newChunks,
        unembedded: 0,
      });

      // Each team's cards found first by their own word, through both servers.
      for (const server of [a, b]) {
        for (const card of [shared, ...written]) expect((await search(server, card.word, 'keyword')).hits[0]?.id, card.word).toBe(card.id);
      }

      // Both stop at SIGTERM with exit code 0 and leave no connection of theirs behind (a backend may take a moment
      // to leave pg_stat_activity after its client hung up).
      expect(await Promise.all([a.stop(), b.stop()])).toEqual([0, 0]);
      const connected = await withClient(url, async (client) => {
        const query = "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'";
        let n = (await client.query<{ n: number }>(query)).rows[0]?.n;
        for (let tries = 0; n !== 0 && tries < 20; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          n = (await client.query<{ n: number }>(query)).rows[0]?.n;
        }
        return n;
      });
      expect(connected).toBe(0);
    } finally {
      // Stopping a stopped server only reads its exit code: this ends them whatever failed above.
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 240_000);
});
