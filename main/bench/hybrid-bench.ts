import { join } from 'node:path';
import type { IngestCounts, SearchOutput } from '../../shared/contract.js';
import { createServices } from '../app/bootstrap.js';
import { round, timeEach, type LatencySummary } from './stats.js';

export interface HybridBenchResult {
  embedderId: string | null;
  foods: number;
  /** Loading the IFCT foods and embedding every one of them. */
  ingestWithEmbeddingSeconds: number;
  /** Descriptive queries with fewer than 8 keyword hits: keyword, query embedding, KNN, merge. */
  semanticPath: LatencySummary;
  /** Queries with 8+ keyword hits: the seed's rule never embeds them. */
  keywordPath: LatencySummary;
  /** Share of the semantic-path queries that got at least one semantic hit (the path really ran). */
  semanticHitShare: number;
  /** The data directory, seeded and embedded, for the cold-start measurement. */
  dataDir: string;
}

/** Queries with no literal overlap with most food names: they go down the semantic path. */
export const semanticFoodQueries = [
  'citrus fruit',
  'leafy green vegetables',
  'fermented milk drink',
  'breakfast cereal grain',
  'sea fish',
  'red meat',
  'spicy condiment',
  'dried legumes',
  'tropical fruit',
  'root vegetable',
  'nuts and seeds',
  'sweet dessert',
  'poultry',
  'shellfish',
  'edible oil',
  'mushroom',
  'gourd vegetable',
  'berries',
  'whole wheat flour',
  'cooking fat from butter',
];

/** Queries matching many catalog names: answered by keyword alone. */
export const keywordFoodQueries = ['rice', 'dal', 'milk', 'leaves', 'raw', 'seeds', 'fish', 'flour', 'dry', 'green'];

/** End-to-end food search through the dispatcher (validation, keyword, query embedding, KNN, merge), real model. */
export async function benchHybrid(options: { workDir: string; modelDir: string; rounds: number; progress?: (message: string) => void }): Promise<HybridBenchResult> {
  const progress = options.progress ?? (() => undefined);
  const dataDir = join(options.workDir, 'hybrid');
  const services = await createServices({ dataDir, modelDir: options.modelDir });
  try {
    const call = async <T>(name: 'ingest' | 'search', input: unknown): Promise<T> => {
      const result = await services.dispatcher.call(name, input, { transport: 'cli', role: 'editor' });
      if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
      return result.value as T;
    };
    progress('hybrid: loading and embedding the IFCT foods');
    const started = performance.now();
    const counts = await call<IngestCounts>('ingest', { corpus: 'foods' });
    const ingestWithEmbeddingSeconds = (performance.now() - started) / 1000;
    const search = (query: string) => call<SearchOutput>('search', { corpus: 'foods', query, strategy: 'hybrid', k: 10 });

    progress('hybrid: timing food searches');
    const repeat = (queries: readonly string[]) => Array.from({ length: options.rounds }, () => queries).flat();
    const semanticPath = await timeEach(repeat(semanticFoodQueries), search, 3);
    const keywordPath = await timeEach(repeat(keywordFoodQueries), search, 1);
    let withSemantic = 0;
    let embedderId: string | null = null;
    for (const query of semanticFoodQueries) {
      const output = await search(query);
      embedderId = output.embedder;
      if (output.hits.some((hit) => hit.found_by === 'semantic')) withSemantic += 1;
    }
    return {
      embedderId,
      foods: counts.inserted + counts.updated + counts.unchanged,
      ingestWithEmbeddingSeconds: round(ingestWithEmbeddingSeconds, 2),
      semanticPath,
      keywordPath,
      semanticHitShare: round(withSemantic / semanticFoodQueries.length, 2),
      dataDir,
    };
  } finally {
    await services.close();
  }
}
