import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchOutput } from '../../shared/contract.js';
import { createServices } from '../app/bootstrap.js';
import { ingestCorpus } from '../app/ingest.js';
import type { CorpusModule } from '../corpora/corpus-module.js';
import { startServedCita, type ServedCita } from './serve-bench.js';
import { round, summarize, type LatencySummary } from './stats.js';
import { hashingEmbedder } from './store-bench-support.js';
import { semanticUnavailableCodes } from '../retrieval/semantic-path.js';

/** Two `cita serve` processes on one PostgreSQL catalog, searched at once while another process imports. */
export interface CatalogTwoServerRun {
  servers: 2;
  /** Hybrid searches over HTTP, split evenly between the servers and sent to both at once. */
  hybrid: LatencySummary;
  perServer: [LatencySummary, LatencySummary];
  /** Imports (one new source each) committed by a third process while the searches ran. */
  writes: number;
  fieldsWritten: number;
  writeSeconds: number;
  /** Written fields that either server could not read back afterwards (its field page): the figure that must be 0. */
  lostWrites: number;
  /** Written fields that a hybrid search by their business name, through the other server, put first. */
  foundFirst: number;
}

const fieldsPerWrite = 5;

/** How long a server may live: at 1M fields the searches and the read-back took minutes, past the 2-minute default. */
const serverLifeMs = 3 * 60 * 60 * 1000;

/** One new source with `fieldsPerWrite` fields whose names nothing else in the catalog has. */
function writeDocument(write: number) {
  const tag = write.toString(26).replace(/[0-9]/g, (digit) => String.fromCharCode(113 + Number(digit)));
  const source = `bench_escritura_${tag}`;
  return {
    source,
    document: {
      version: 1,
      sources: [{ id: source, name: `Escritura ${write}`, system: 'bench', owner: 'bench', description: 'written during the two-server bench' }],
      fields: Array.from({ length: fieldsPerWrite }, (_, index) => ({
        source,
        physical_name: `ESCRITO_${write}_${index}`,
        business_name: `Monto escrito ${tag} ${tag}${'abcdefghij'[index]}`,
        definition: `Importe que la escritura ${tag} registró durante la prueba de dos servidores.`,
        data_type: 'DECIMAL(18,2)',
      })),
    },
  };
}

/** Notices of a hybrid search that ran on keywords alone: timing one would not measure the hybrid search. */
const withoutVectors = semanticUnavailableCodes;

async function timedSearch(server: ServedCita, query: string, index: number): Promise<number> {
  const started = performance.now();
  const answer = (await server.post('search', { corpus: 'catalog', query, strategy: 'hybrid', k: 10 }).catch((error: unknown) => {
    throw new Error(`search "${query}" on cita serve process ${index + 1} failed: ${(error as Error).message}`);
  })) as { ok: boolean; value?: SearchOutput };
  const elapsed = performance.now() - started;
  if (!answer.ok) throw new Error(`search "${query}" on cita serve process ${index + 1} failed`);
  const degraded = answer.value?.notices.find((notice) => withoutVectors.has(notice.code));
  if (degraded) throw new Error(`search "${query}" ran without vectors on cita serve process ${index + 1}: ${degraded.message}`);
  return elapsed;
}

/**
 * Starts two `cita serve --database` processes on the catalog already loaded at `databaseUrl`, warms each with one
 * search, then sends `queries` (every other one to each server, both servers at once) while this process imports
 * new sources one after another until the searches end (at least one). Afterwards every written field is read back
 * through both servers and searched by name through the one that did not serve the write's turn.
 */
export async function benchCatalogTwoServers(options: {
  workDir: string;
  modelDir: string;
  databaseUrl: string;
  queries: readonly string[];
  /**
   * The embedder the catalog's vectors come from: `model`, the real one (the shipped catalog); `hashing`, the bench's
   * (a synthetic catalog), which the servers and the writer then use too, so their searches and writes are hybrid.
   */
  embedder: 'model' | 'hashing';
  progress: (message: string) => void;
}): Promise<CatalogTwoServerRun> {
  const environment = { CITA_MODEL_DIR: options.modelDir, CITA_DATABASE_URL: '' };
  const hashing = options.embedder === 'hashing';
  options.progress('catalog on PostgreSQL: starting two cita serve processes…');
  const servers = await Promise.all(
    [0, 1].map((index) =>
      startServedCita(join(options.workDir, `two-server-${index}`), {
        databaseUrl: options.databaseUrl,
        env: environment,
        embedder: hashing ? 'hashing' : 'configured',
        timeoutMs: serverLifeMs,
      }),
    ),
  );
  const writerDir = join(options.workDir, 'two-server-writer');
  const writer = await createServices({ dataDir: writerDir, databaseUrl: options.databaseUrl, ...(hashing ? { embedder: hashingEmbedder(), multilingual: null } : { modelDir: options.modelDir }) });
  try {
    const [a, b] = servers as [ServedCita, ServedCita];
    for (const [index, server] of servers.entries()) await timedSearch(server, options.queries[0] as string, index);
    options.progress(`catalog on PostgreSQL: ${options.queries.length} hybrid searches over two servers, with imports from a third process…`);
    const catalog = writer.module('catalog') as CorpusModule;
    const written: Array<{ source: string; physicalNames: string[]; businessNames: string[] }> = [];
    let searching = true;
    const writeStarted = performance.now();
    // Settled into a value at once: a failed import must not end the process while the searches still run.
    const writing = (async (): Promise<Error | null> => {
      for (let write = 0; searching || write === 0; write += 1) {
        const { source, document } = writeDocument(write);
        const file = join(options.workDir, 'two-server-writes', `${source}.json`);
        mkdirSync(join(options.workDir, 'two-server-writes'), { recursive: true });
        writeFileSync(file, JSON.stringify(document));
        await ingestCorpus(writer, catalog, { from: file });
        written.push({ source, physicalNames: document.fields.map((field) => field.physical_name), businessNames: document.fields.map((field) => field.business_name) });
      }
      return null;
    })().catch((error: unknown) => error as Error);
    const times: [number[], number[]] = [[], []];
    let searchFailure: Error | undefined;
    await Promise.all(
      servers.map(async (server, index) => {
        for (let at = index; at < options.queries.length; at += 2) (times[index] as number[]).push(await timedSearch(server, options.queries[at] as string, index));
      }),
    ).catch((error: unknown) => (searchFailure = error as Error));
    // Also after a failed search (whose error is the one told): the writer finishes its import before its services close.
    searching = false;
    const writeFailure = await writing;
    if (searchFailure !== undefined) throw searchFailure;
    if (writeFailure) throw new Error(`an import during the two-server searches failed: ${writeFailure.message}`);
    const writeSeconds = (performance.now() - writeStarted) / 1000;
    let lostWrites = 0;
    let foundFirst = 0;
    for (const [turn, write] of written.entries()) {
      for (const [index, physicalName] of write.physicalNames.entries()) {
        const pages = await Promise.all(servers.map((server) => server.post('catalog.field', { source: write.source, physical_name: physicalName }).catch(() => null)));
        if (!pages.every((page) => (page as { ok?: boolean } | null)?.ok === true)) lostWrites += 1;
        const other = turn % 2 === 0 ? b : a;
        const found = (await other.post('search', { corpus: 'catalog', query: write.businessNames[index], strategy: 'hybrid', k: 3 })) as { value: SearchOutput };
        if (found.value.hits[0]?.id === `${write.source}.${physicalName}`) foundFirst += 1;
      }
    }
    return {
      servers: 2,
      hybrid: summarize([...times[0], ...times[1]]),
      perServer: [summarize(times[0]), summarize(times[1])],
      writes: written.length,
      fieldsWritten: written.length * fieldsPerWrite,
      writeSeconds: round(writeSeconds, 1),
      lostWrites,
      foundFirst,
    };
  } finally {
    await writer.close();
    await Promise.all(servers.map((server) => server.stop()));
  }
}
