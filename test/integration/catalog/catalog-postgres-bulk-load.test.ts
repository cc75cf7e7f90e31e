/**
 * A large first load of a vector space on PostgreSQL (README "Toward 1M fields"): the vectors are written without the
 * HNSW index, which is built once at the end. The index is there after every completed run; the neighbours equal the
 * indexed path's; a stopped load keeps its vectors, searches scan exactly meanwhile, and the next run writes only the
 * rest and builds the index; two processes loading at once both finish. Runs against CITA_TEST_DATABASE_URL, with a
 * low bulk threshold so a small synthetic catalog takes the bulk path.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { reembedSpaces, reembedWork } from '../../../main/app/reembed.js';
import type { CorpusModule } from '../../../main/corpora/corpus-module.js';
import { readCatalog } from '../../../main/corpora/catalog/catalog-files.js';
import { importInto } from '../../../main/corpora/catalog/catalog-postgres-import.js';
import { catalogFormula } from '../../../main/corpora/catalog/catalog-repository.js';
import { openPostgres, type PostgresDatabase } from '../../../main/db/postgres/postgres-database.js';
import type { Embedder } from '../../../main/embedding/embedder.js';
import { createPostgresVectorSpaces, type PostgresVectorSpaces } from '../../../main/retrieval/postgres-vector-spaces.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { letters, writeCatalogJson, type SeedJson } from './catalog-fixtures.js';

const run = postgresTests('bulk loads of vectors on PostgreSQL');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();
const fields = 1_500;
const embedder = jittered(createWordHashEmbedder({ id: 'test:bulk:64', dimensions: 64 }));
const catalogTables = { rows: 'catalog_fields', spaces: 'catalog_vector_spaces', prefix: 'catalog_vectors', key: 'field_id', corpus: 'catalog' };

/**
 * The word-hash embedder with a small deterministic jitter per text: texts sharing words stay close, and no two
 * distances tie (a tie at the k-th place is ordered differently by an index scan and an exact one).
 */
function jittered(words: Embedder): Embedder {
  const jitter = (text: string, vector: Float32Array) => {
    const next = numbers(createHash('sha256').update(text).digest().readUInt32LE(0));
    const moved = vector.map((value) => value + 0.05 * (next() - 0.5));
    const norm = Math.hypot(...moved);
    return moved.map((value) => value / norm);
  };
  return {
    ...words,
    embedDocuments: async (texts) => (await words.embedDocuments(texts)).map((vector, index) => jitter(texts[index] as string, vector)),
    embedQuery: async (text) => jitter(text, await words.embedQuery(text)),
  };
}

/** A deterministic stream of numbers in [0, 1) (a linear congruential generator), so every run builds the same catalog. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** `count` phrases of five words out of 400, each field's text its own mix, so the vectors are spread and rarely tie. */
function phrases(count: number, seed: number): string[] {
  const next = numbers(seed);
  return Array.from({ length: count }, () => Array.from({ length: 5 }, () => `pal${letters(Math.floor(next() * 400))}`).join(' '));
}

function catalogOf(count: number): SeedJson {
  const names = phrases(count, 7);
  return {
    version: 1,
    sources: [{ id: 'sintetica', name: 'Fuente sintética', system: 'prueba', owner: 'Equipo de datos', description: '' }],
    fields: names.map((name, index) => ({ source: 'sintetica', physical_name: `F_${index}`, business_name: name, definition: `Campo ${name}.`, data_type: 'TEXT' })),
  };
}

/** A fresh database holding the synthetic catalog's fields (no vectors yet). */
async function catalogDatabase(): Promise<PostgresDatabase & { url: string }> {
  const url = await freshDatabase();
  const database = await openPostgres(url, { poolSize: 4 });
  const document = readCatalog(writeCatalogJson(tempDir(), catalogOf(fields)));
  await database.transaction((client) => importInto(client, document));
  return Object.assign(database, { url });
}

/** The space's vector table (the one space of `formula`). */
async function tableOf(database: PostgresDatabase, formula: string): Promise<string> {
  const [row] = await database.query<{ table_name: string }>('SELECT table_name FROM catalog_vector_spaces WHERE formula = $1', [formula]);
  return row?.table_name as string;
}

/** The k nearest fields of each query by an exact scan of the table (no index scan), nearest first, ties by id. */
async function exactNearest(database: PostgresDatabase, table: string, query: Float32Array, k: number): Promise<number[]> {
  const rows = await database.transaction(async (client) => {
    await client.query('SET LOCAL enable_indexscan = off');
    return (await client.query<{ id: number }>(`SELECT field_id AS id FROM ${table} ORDER BY embedding <=> $1::vector, field_id LIMIT $2`, [`[${Array.from(query).join(',')}]`, k])).rows;
  });
  return rows.map((row) => row.id);
}

const queries = phrases(25, 99);

async function neighbours(spaces: PostgresVectorSpaces, formula: string): Promise<number[][]> {
  return Promise.all(queries.map(async (query) => (await spaces.nearest(embedder.id, formula, await embedder.embedQuery(query), 10)).map((hit) => hit.itemId)));
}

/** Whether a top-k statement on the table can be planned through its HNSW index (a sequential scan ruled out: the table is small). */
async function plannedThroughIndex(database: PostgresDatabase, table: string): Promise<boolean> {
  const query = `[${Array.from(await embedder.embedQuery(queries[0] as string)).join(',')}]`;
  const plan = await database.transaction(async (client) => {
    await client.query('SET LOCAL enable_seqscan = off');
    return (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT field_id FROM ${table} ORDER BY embedding <=> '${query}'::vector LIMIT 10`)).rows;
  });
  return plan.some((line) => line['QUERY PLAN'].includes(`${table}_hnsw`));
}

/** The database, with the statements of its transactions written down (the vector searches run in them). */
function recording(database: PostgresDatabase, statements: string[]): PostgresDatabase {
  return {
    ...database,
    transaction: (work, options) =>
      database.transaction(
        (client) =>
          work(
            new Proxy(client, {
              get(target, key) {
                if (key !== 'query') return Reflect.get(target, key, target) as unknown;
                return (text: string, values?: unknown[]) => {
                  statements.push(text);
                  return target.query(text, values);
                };
              },
            }),
          ),
        options,
      ),
  };
}

describe.runIf(run)('vector searches on PostgreSQL', () => {
  it('scan a space of up to exactScanBytes exactly, as SQLite does, and walk the HNSW graph of a larger one', async () => {
    const database = await catalogDatabase();
    try {
      await createPostgresVectorSpaces(database, catalogTables).embedPending(embedder, catalogFormula, 'embed_text');
      const table = await tableOf(database, catalogFormula);
      expect(await plannedThroughIndex(database, table)).toBe(true);
      const query = await embedder.embedQuery(queries[0] as string);
      const small: string[] = [];
      const large: string[] = [];
      const exact = await createPostgresVectorSpaces(recording(database, small), catalogTables).nearest(embedder.id, catalogFormula, query, 10);
      expect(exact.map((hit) => hit.itemId)).toEqual(await exactNearest(database, table, query, 10));
      expect(small.some((statement) => statement.includes('ORDER BY cosine_distance(embedding, $1::vector), field_id'))).toBe(true);
      await createPostgresVectorSpaces(recording(database, large), catalogTables, { exactScanBytes: 0 }).nearest(embedder.id, catalogFormula, query, 10);
      expect(large.some((statement) => statement.includes('ORDER BY embedding <=> $1::vector LIMIT'))).toBe(true);
      expect(large.some((statement) => statement.includes('cosine_distance'))).toBe(false);
    } finally {
      await database.close();
    }
  });

  // The planner may serve an exact statement ordered by `embedding <=> $1, id` from the HNSW index (an incremental
  // sort over the graph's walk), which stops at hnsw.ef_search rows: it did once autovacuum had analysed a KB's table,
  // and 40 of its 190 chunks came back. Here the planner is told to avoid sequential scans, as costs may lead it to.
  it('scan a small space exactly, every row asked for, even where the planner would rather walk the HNSW graph', async () => {
    const database = await catalogDatabase();
    const name = new URL(database.url).pathname.slice(1);
    await database.query(`ALTER DATABASE ${name} SET enable_seqscan = off`);
    const planned = await openPostgres(database.url, { poolSize: 2 });
    try {
      const spaces = createPostgresVectorSpaces(planned, catalogTables);
      await spaces.embedPending(embedder, catalogFormula, 'embed_text');
      const vectors = await tableOf(planned, catalogFormula);
      await planned.query(`ANALYZE ${vectors}`);
      const query = await embedder.embedQuery(queries[1] as string);
      const found = await spaces.nearest(embedder.id, catalogFormula, query, 300);
      expect(found).toHaveLength(300);
      expect(found.map((hit) => hit.itemId)).toEqual(await exactNearest(database, vectors, query, 300));
      // The same within a branch (the catalog's sources): every one of its rows.
      const branch = new Set(found.slice(100, 250).map((hit) => hit.itemId));
      expect((await spaces.nearest(embedder.id, catalogFormula, query, 300, branch)).map((hit) => hit.itemId)).toEqual(found.slice(100, 250).map((hit) => hit.itemId));
    } finally {
      await planned.close();
      await database.close();
    }
  });
});

describe.runIf(run)('bulk loads of vectors on PostgreSQL', () => {
  it('load an empty space without its index, build it at the end, and find the same neighbours as the indexed path', async () => {
    const database = await catalogDatabase();
    try {
      const bulk = createPostgresVectorSpaces(database, catalogTables, { bulkLoadMinimum: 100, exactScanBytes: 0 });
      const indexed = createPostgresVectorSpaces(database, catalogTables, { exactScanBytes: 0 });
      const seen = { bulk: [] as boolean[], indexed: [] as boolean[] };
      const notes: string[] = [];
      const watch = (spaces: PostgresVectorSpaces, formula: string, into: boolean[]) => async (progress: { done: number; note?: string }) => {
        if (progress.note) notes.push(progress.note);
        else if (progress.done === 512) into.push(await spaces.indexed(embedder.id, formula));
      };
      // The progress callback is not awaited by the load: its look at the index is taken while the next batches go in.
      const looks: Array<Promise<void>> = [];
      const result = await bulk.embedPending(embedder, `${catalogFormula}:bulk`, 'embed_text', {
        onProgress: (progress) => looks.push(watch(bulk, `${catalogFormula}:bulk`, seen.bulk)(progress)),
      });
      await indexed.embedPending(embedder, `${catalogFormula}:indexed`, 'embed_text', {
        onProgress: (progress) => looks.push(watch(indexed, `${catalogFormula}:indexed`, seen.indexed)(progress)),
      });
      await Promise.all(looks);
      expect(result).toEqual({ corpus: 'catalog', embedded: fields, total: fields, cancelled: false });
      expect(seen).toEqual({ bulk: [false], indexed: [true] });
      expect(notes).toEqual([`building the vector index over ${fields} vectors`]);
      const [bulkTable, indexedTable] = [await tableOf(database, `${catalogFormula}:bulk`), await tableOf(database, `${catalogFormula}:indexed`)];
      expect(await bulk.indexed(embedder.id, `${catalogFormula}:bulk`)).toBe(true);
      expect(await plannedThroughIndex(database, bulkTable)).toBe(true);
      expect(await plannedThroughIndex(database, indexedTable)).toBe(true);
      const [fromBulk, fromIndexed] = [await neighbours(bulk, `${catalogFormula}:bulk`), await neighbours(indexed, `${catalogFormula}:indexed`)];
      expect(fromBulk.every((hits) => hits.length === 10)).toBe(true);
      expect(fromBulk).toEqual(fromIndexed);
    } finally {
      await database.close();
    }
  });

  it('keep the vectors of a stopped load, search them exactly meanwhile, and write only the rest and the index on the next run', async () => {
    const database = await catalogDatabase();
    try {
      const spaces = createPostgresVectorSpaces(database, catalogTables, { bulkLoadMinimum: 100, exactScanBytes: 0 });
      const formula = `${catalogFormula}:stopped`;
      const stop = new AbortController();
      const first = await spaces.embedPending(embedder, formula, 'embed_text', {
        signal: stop.signal,
        onProgress: ({ done }) => {
          if (done >= 600) stop.abort();
        },
      });
      expect(first).toEqual({ corpus: 'catalog', embedded: 608, total: fields, cancelled: true });
      const table = await tableOf(database, formula);
      const [kept] = await database.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`);
      expect(kept?.n).toBe(608);
      expect(await spaces.indexed(embedder.id, formula)).toBe(false);
      // Without the index a search is an exact scan of what is there.
      for (const query of queries.slice(0, 5)) {
        const vector = await embedder.embedQuery(query);
        expect((await spaces.nearest(embedder.id, formula, vector, 10)).map((hit) => hit.itemId)).toEqual(await exactNearest(database, table, vector, 10));
      }
      const second = await spaces.embedPending(embedder, formula, 'embed_text');
      expect(second).toEqual({ corpus: 'catalog', embedded: fields - 608, total: fields - 608, cancelled: false });
      expect(await spaces.indexed(embedder.id, formula)).toBe(true);
      expect(await plannedThroughIndex(database, table)).toBe(true);
      const [all] = await database.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`);
      expect(all?.n).toBe(fields);
    } finally {
      await database.close();
    }
  });

  it('build the index a load stopped after its last vector left, on a run with nothing to write', async () => {
    const database = await catalogDatabase();
    try {
      const spaces = createPostgresVectorSpaces(database, catalogTables, { bulkLoadMinimum: 100, exactScanBytes: 0 });
      const formula = `${catalogFormula}:last`;
      const stop = new AbortController();
      const first = await spaces.embedPending(embedder, formula, 'embed_text', {
        signal: stop.signal,
        onProgress: ({ done, total }) => {
          if (done === total) stop.abort();
        },
      });
      expect(first).toMatchObject({ embedded: fields, cancelled: true });
      expect(await spaces.indexed(embedder.id, formula)).toBe(false);
      expect(await spaces.embedPending(embedder, formula, 'embed_text')).toEqual({ corpus: 'catalog', embedded: 0, total: 0, cancelled: false });
      expect(await spaces.indexed(embedder.id, formula)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('let two processes bulk-load one space at once: both finish, each field has one vector, the index is there', async () => {
    const database = await catalogDatabase();
    const other = await openPostgres(database.url, { poolSize: 4 });
    try {
      const formula = `${catalogFormula}:together`;
      const [mine, theirs] = [
        createPostgresVectorSpaces(database, catalogTables, { bulkLoadMinimum: 100, exactScanBytes: 0 }),
        createPostgresVectorSpaces(other, catalogTables, { bulkLoadMinimum: 100 }),
      ];
      // The space is created first, so both loads see the same empty table and both choose the bulk path.
      await mine.embedPending(embedder, formula, 'embed_text', { signal: AbortSignal.abort() });
      const results = await Promise.all([mine.embedPending(embedder, formula, 'embed_text'), theirs.embedPending(embedder, formula, 'embed_text')]);
      expect(results.map((result) => result.cancelled)).toEqual([false, false]);
      expect(results.every((result) => result.total === fields)).toBe(true);
      const table = await tableOf(database, formula);
      const [counted] = await database.query<{ n: number; fields: number }>(`SELECT count(*) AS n, count(DISTINCT field_id) AS fields FROM ${table}`);
      expect(counted).toEqual({ n: fields, fields });
      expect(await mine.indexed(embedder.id, formula)).toBe(true);
      expect(await theirs.indexed(embedder.id, formula)).toBe(true);
      for (const query of queries.slice(0, 5)) {
        const vector = await embedder.embedQuery(query);
        expect((await theirs.nearest(embedder.id, formula, vector, 10)).map((hit) => hit.itemId)).toEqual(await exactNearest(database, table, vector, 10));
      }
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('build a missing index on an ingest or a re-embed with nothing to embed, as the app runs them', async () => {
    const url = await freshDatabase();
    const services = await openServices({ dataDir: tempDir(), embedder, multilingual: null, databaseUrl: url });
    const catalog = services.module('catalog') as CorpusModule;
    await ingestCorpus(services, catalog);
    const database = await openPostgres(url, { poolSize: 2 });
    try {
      const table = await tableOf(database, catalogFormula);
      // What a load stopped after its last vector leaves: every vector, no index.
      await database.query(`DROP INDEX ${table}_hnsw`);
      const job = services.jobs.start('reembed', reembedWork(reembedSpaces(services, services.modules, 'catalog')));
      const finished = await services.jobs.wait(job.job);
      expect(finished.message).toMatch(/^nothing to embed/);
      expect(await plannedThroughIndex(database, table)).toBe(true);
      await database.query(`DROP INDEX ${table}_hnsw`);
      expect((await ingestCorpus(services, catalog)).embedded).toBe(0);
      expect(await plannedThroughIndex(database, table)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
