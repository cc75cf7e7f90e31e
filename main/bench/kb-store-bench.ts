import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServices, type ServiceOptions } from '../app/bootstrap.js';
import { ingestCorpus } from '../app/ingest.js';
import type { CorpusModule } from '../corpora/corpus-module.js';
import { documentFilesIn, shippedCardsDirectory } from '../corpora/kb/card-files.js';
import { loadKbEvaluationCases } from '../corpora/kb/kb-evaluation.js';
import { packageRoot } from '../paths.js';
import { round, timeEach, type LatencySummary } from './stats.js';
import { hashingEmbedder, withBenchSchema } from './store-bench-support.js';

/** One store's figures: how long the KB took to load, and its first stage (hybrid, no cross-encoder) per question. */
export interface KbStoreRun {
  store: 'SQLite' | 'PostgreSQL';
  cards: number;
  chunks: number;
  /** Reading, chunking, writing and embedding the cards (`ingest --corpus kb`). */
  ingestSeconds: number;
  hybrid: LatencySummary;
}

export interface KbStoreBenchResult {
  /** `shipped`: the shipped cards and the real embedder; `synthetic`: N cards and a hashing embedder, to weigh the stores alone. */
  scenario: 'shipped' | 'synthetic';
  embedderId: string | null;
  questions: number;
  runs: KbStoreRun[];
}

/** The shipped card files, as an ingest reads them (the folder's README is not a card). */
function shippedCards(): string[] {
  return documentFilesIn(join(packageRoot(), shippedCardsDirectory));
}

/**
 * The shipped KB grown to `cards` cards in `directory`: copies of its cards under numbered ids and titles (the first
 * copy as shipped), so a large KB has the shipped KB's words in the shipped proportions. Returns the directory.
 */
export function writeSyntheticKb(directory: string, cards: number): string {
  mkdirSync(directory, { recursive: true });
  const shipped = shippedCards().map((path) => readFileSync(path, 'utf8'));
  for (let index = 0; index < cards; index++) {
    const copy = Math.floor(index / shipped.length);
    const text = shipped[index % shipped.length] as string;
    const id = /^id: (.*)$/m.exec(text)?.[1] as string;
    const renamed = copy === 0 ? text : text.replace(/^id: .*$/m, `id: ${id}-${copy}`).replace(/^title: (.*)$/m, `title: $1 ${copy}`);
    writeFileSync(join(directory, `${copy === 0 ? id : `${id}-${copy}`}.md`), renamed);
  }
  return directory;
}

/**
 * The clinical KB on SQLite and, with `databaseUrl`, on PostgreSQL (issue #21): ingest time and the first stage's
 * hybrid search (no cross-encoder: it reads the same candidates at the same cost on both stores) over the shipped
 * sets' questions, on the shipped cards with the real embedder or on `cards` synthetic cards.
 */
export async function benchKbStores(options: {
  workDir: string;
  modelDir: string;
  databaseUrl?: string;
  /** Synthetic cards instead of the shipped ones (and a hashing embedder instead of the model). */
  cards?: number;
  quick: boolean;
  progress: (message: string) => void;
}): Promise<KbStoreBenchResult> {
  const synthetic = options.cards !== undefined;
  const from = synthetic ? writeSyntheticKb(join(options.workDir, 'kb-synthetic'), options.cards as number) : undefined;
  const all = loadKbEvaluationCases().map((entry) => entry.query);
  const questions = options.quick ? all.filter((_question, index) => index % 4 === 0) : all;
  const runs: KbStoreRun[] = [];
  let embedderId: string | null = null;
  const measure = async (store: KbStoreRun['store'], databaseUrl?: string) => {
    const serviceOptions: ServiceOptions = {
      dataDir: join(options.workDir, `kb-${store.toLowerCase()}`),
      reranker: null,
      modelDir: options.modelDir,
      ...(synthetic ? { embedder: hashingEmbedder(), multilingual: null } : {}),
      ...(databaseUrl ? { databaseUrl } : {}),
    };
    const services = await createServices(serviceOptions);
    try {
      const kb = services.module('kb') as CorpusModule;
      options.progress(`kb on ${store}: ingesting ${synthetic ? `${options.cards} synthetic cards` : 'the shipped cards'}…`);
      const started = performance.now();
      const counts = await ingestCorpus(services, kb, from ? { from } : {});
      const ingestSeconds = round((performance.now() - started) / 1000, 1);
      embedderId = services.embedding.describe().id;
      options.progress(`kb on ${store}: ${questions.length} hybrid searches…`);
      const hybrid = await timeEach(
        questions,
        async (query) => {
          const result = await services.dispatcher.call('search', { corpus: 'kb', query, strategy: 'hybrid', k: 10, rerank: false }, { transport: 'cli', role: 'viewer' });
          if (!result.ok) throw new Error(result.error.message);
        },
        3,
      );
      const listed = await services.dispatcher.call('kb.cards', {}, { transport: 'cli', role: 'viewer' });
      if (!listed.ok) throw new Error(listed.error.message);
      const cards = (listed.value as unknown[]).length;
      runs.push({ store, cards, chunks: counts.inserted + counts.updated + counts.unchanged, ingestSeconds, hybrid });
    } finally {
      await services.close();
    }
  };
  await measure('SQLite');
  if (options.databaseUrl) await withBenchSchema(options.databaseUrl, (url) => measure('PostgreSQL', url));
  return { scenario: synthetic ? 'synthetic' : 'shipped', embedderId, questions: questions.length, runs };
}
