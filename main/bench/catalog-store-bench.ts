import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServices, type ServiceOptions } from '../app/bootstrap.js';
import { ingestCorpus } from '../app/ingest.js';
import { reembedSpaces, reembedWork } from '../app/reembed.js';
import { readCatalog } from '../corpora/catalog/catalog-files.js';
import type { CorpusModule } from '../corpora/corpus-module.js';
import { benchCatalogTwoServers, type CatalogTwoServerRun } from './catalog-two-server-bench.js';
import { round, timeEach, type LatencySummary } from './stats.js';
import { hashingEmbedder, withBenchSchema } from './store-bench-support.js';

/** One store's figures: how long the catalog took to load, and hybrid search over the catalog's evaluation queries. */
export interface CatalogStoreRun {
  store: 'SQLite' | 'PostgreSQL';
  fields: number;
  /** Reading, writing and embedding the catalog (`ingest --corpus catalog`; PostgreSQL in parts: every import, then one re-embed). */
  ingestSeconds: number;
  /** PostgreSQL, a catalog in parts: importing them all, without embedding. */
  importSeconds?: number;
  /** PostgreSQL, a catalog in parts: the one re-embed after the imports (the vectors and the index build). */
  embedSeconds?: number;
  /** PostgreSQL's bulk load: building the HNSW index once after the vectors (part of the ingest or embed seconds). */
  indexSeconds?: number;
  hybrid: LatencySummary;
}

/** Which stores the bench loads: both by default; one to weigh a large catalog on it alone. */
export type CatalogBenchStore = 'sqlite' | 'postgres';

export interface CatalogStoreBenchResult {
  /** `shipped`: the real catalog and models; `synthetic`: N fields and a hashing embedder, to weigh the stores alone. */
  scenario: 'shipped' | 'synthetic';
  embedderId: string | null;
  queries: number;
  runs: CatalogStoreRun[];
  /**
   * Two `cita serve` processes on the PostgreSQL catalog just measured, with imports from a third. On a synthetic
   * catalog the servers and the writer embed with the hashing embedder its vectors came from.
   */
  twoServers?: CatalogTwoServerRun;
}

/** The shipped catalog grown to `fields` fields: copies of its fields under synthetic sources, names numbered. */
export function syntheticCatalog(fields: number): unknown {
  const seed = readCatalog(undefined);
  const perSource = seed.fields.length;
  const copies = Math.ceil(fields / perSource);
  const letters = (n: number) => n.toString(26).replace(/[0-9]/g, (digit) => String.fromCharCode(113 + Number(digit)));
  const sources = Array.from({ length: copies }, (_, copy) => ({ id: `sintetica_${letters(copy)}`, name: `Fuente sintética ${copy}`, system: 'bench', owner: 'bench', description: '' }));
  const out = [];
  for (let index = 0; index < fields; index++) {
    const copy = Math.floor(index / perSource);
    const field = seed.fields[index % perSource] as (typeof seed.fields)[number];
    out.push({
      source: (sources[copy] as { id: string }).id,
      physical_name: `${field.physicalName}_${copy}`,
      business_name: copy === 0 ? field.businessName : `${field.businessName} ${copy}`,
      definition: field.definition,
      data_type: field.dataType,
      tribal_notes: field.notes.map((note) => ({ note: note.note, condition: JSON.parse(note.conditionJson) as unknown })),
    });
  }
  return { version: 1, sources, fields: out };
}

/**
 * Synthetic fields per import file: a catalog file may hold at most 50 MB (catalog-files.ts), about 110k of these
 * fields, so a larger catalog is imported in parts of whole sources, as a team would import one system at a time.
 */
const syntheticFieldsPerFile = 100_000;

/** `syntheticCatalog(fields)` written as import files of at most `fieldsPerFile` fields, whole sources each. */
export function writeSyntheticFiles(workDir: string, fields: number, fieldsPerFile = syntheticFieldsPerFile): string[] {
  const whole = syntheticCatalog(fields) as { version: number; sources: Array<{ id: string }>; fields: Array<{ source: string }> };
  const files: string[] = [];
  const perSource = Math.max(1, Math.ceil(fields / whole.sources.length));
  const sourcesPerFile = Math.max(1, Math.floor(fieldsPerFile / perSource));
  for (let start = 0; start < whole.sources.length; start += sourcesPerFile) {
    const sources = whole.sources.slice(start, start + sourcesPerFile);
    const ids = new Set(sources.map((source) => source.id));
    const file = join(workDir, `catalog-synthetic-${files.length}.json`);
    writeFileSync(file, JSON.stringify({ version: whole.version, sources, fields: whole.fields.filter((field) => ids.has(field.source)) }));
    files.push(file);
  }
  return files;
}

/**
 * The catalog on SQLite and, with `databaseUrl`, on PostgreSQL (issue #21): ingest time and hybrid search p50/p95 over
 * the catalog's evaluation queries, the shipped catalog with the real models, or `fields` synthetic fields.
 */
export async function benchCatalogStores(options: {
  workDir: string;
  modelDir: string;
  databaseUrl?: string;
  /** Synthetic fields instead of the shipped catalog (and a hashing embedder instead of the model). */
  fields?: number;
  /** The stores to load (default both; PostgreSQL only with `databaseUrl`). */
  stores?: readonly CatalogBenchStore[];
  progress: (message: string) => void;
}): Promise<CatalogStoreBenchResult> {
  const synthetic = options.fields !== undefined;
  const files = synthetic ? writeSyntheticFiles(options.workDir, options.fields as number) : [];
  const runs: CatalogStoreRun[] = [];
  let embedderId: string | null = null;
  let queries = 0;
  let queryTexts: string[] = [];
  const measure = async (store: CatalogStoreRun['store'], databaseUrl?: string) => {
    const serviceOptions: ServiceOptions = {
      dataDir: join(options.workDir, `catalog-${store.toLowerCase()}`),
      ...(synthetic ? { embedder: hashingEmbedder(), multilingual: null } : { modelDir: options.modelDir }),
      ...(databaseUrl ? { databaseUrl } : {}),
    };
    const counts = { inserted: 0, updated: 0, unchanged: 0 };
    const add = (part: { inserted: number; updated: number; unchanged: number }) => {
      counts.inserted += part.inserted;
      counts.updated += part.updated;
      counts.unchanged += part.unchanged;
    };
    const started = performance.now();
    const seconds = (from: number) => round((performance.now() - from) / 1000, 1);
    // On PostgreSQL a catalog in parts is imported whole before anything is embedded (a first load, as a team would
    // run it: imports with semantic search off, then one `cita reembed`), so its vectors go in as one bulk load.
    // SQLite has no index to build: each part is ingested and embedded in turn, as before.
    const inParts = files.length > 1 && databaseUrl !== undefined;
    let importSeconds: number | undefined;
    if (inParts) {
      const importing = await createServices({ ...serviceOptions, embedder: null });
      try {
        for (const [index, from] of files.entries()) {
          options.progress(`catalog on ${store}: importing part ${index + 1} of ${files.length} (${seconds(started)} s)`);
          add(await ingestCorpus(importing, importing.module('catalog') as CorpusModule, { from }));
        }
      } finally {
        await importing.close();
      }
      importSeconds = seconds(started);
    }
    const services = await createServices(serviceOptions);
    try {
      const catalog = services.module('catalog') as CorpusModule;
      options.progress(`catalog on ${store}: ${inParts ? 'embedding' : 'ingesting'} ${synthetic ? `${options.fields} synthetic fields` : 'the shipped catalog'}…`);
      const embedStarted = performance.now();
      let indexStarted: number | undefined;
      let lastReport = 0;
      const onProgress = (message: string) => {
        if (indexStarted === undefined && message.includes('building the vector index')) indexStarted = performance.now();
        else if (performance.now() - lastReport < 30_000) return;
        lastReport = performance.now();
        options.progress(`catalog on ${store}: ${message} (${seconds(started)} s)`);
      };
      if (inParts) {
        // `cita reembed --corpus catalog`'s job.
        const job = services.jobs.start('reembed', reembedWork(reembedSpaces(services, services.modules, 'catalog')));
        const unsubscribe = services.events.on('job.progress', (event) => {
          if (event.job === job.job && event.state === 'running') onProgress(event.message);
        });
        const finished = await services.jobs.wait(job.job);
        unsubscribe();
        if (finished.state !== 'done') throw new Error(`the re-embed ended ${finished.state}: ${finished.message}`);
      } else {
        for (const from of files.length > 0 ? files : [undefined]) add(await ingestCorpus(services, catalog, { ...(from ? { from } : {}), onProgress }));
      }
      const ingestSeconds = seconds(started);
      const embedSeconds = inParts ? seconds(embedStarted) : undefined;
      const indexSeconds = indexStarted === undefined ? undefined : seconds(indexStarted);
      const cases = catalog.evaluation?.load() ?? [];
      queries = cases.length;
      queryTexts = cases.map((entry) => entry.query);
      embedderId = services.embedding.describe().id;
      options.progress(`catalog on ${store}: ${cases.length} hybrid searches…`);
      const hybrid = await timeEach(
        cases.map((entry) => entry.query),
        async (query) => {
          const result = await services.dispatcher.call('search', { corpus: 'catalog', query, strategy: 'hybrid', k: 10 }, { transport: 'cli', role: 'viewer' });
          if (!result.ok) throw new Error(result.error.message);
        },
        5,
      );
      runs.push({
        store,
        fields: counts.inserted + counts.unchanged + counts.updated,
        ingestSeconds,
        ...(importSeconds !== undefined ? { importSeconds } : {}),
        ...(embedSeconds !== undefined ? { embedSeconds } : {}),
        ...(indexSeconds !== undefined ? { indexSeconds } : {}),
        hybrid,
      });
    } finally {
      await services.close();
    }
  };
  const stores = options.stores ?? ['sqlite', 'postgres'];
  if (stores.includes('sqlite')) await measure('SQLite');
  let twoServers: CatalogTwoServerRun | undefined;
  if (options.databaseUrl && stores.includes('postgres')) {
    await withBenchSchema(options.databaseUrl, async (url) => {
      await measure('PostgreSQL', url);
      twoServers = await benchCatalogTwoServers({
        workDir: options.workDir,
        modelDir: options.modelDir,
        databaseUrl: url,
        queries: queryTexts,
        embedder: synthetic ? 'hashing' : 'model',
        progress: options.progress,
      });
    });
  }
  return { scenario: synthetic ? 'synthetic' : 'shipped', embedderId, queries, runs, ...(twoServers ? { twoServers } : {}) };
}
