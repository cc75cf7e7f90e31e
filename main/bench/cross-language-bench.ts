import { join } from 'node:path';
import type { Corpus, SearchOutput } from '../../shared/contract.js';
import { createServices } from '../app/bootstrap.js';
import { embedCrossLanguage } from '../app/cross-language-embedding.js';
import { loadEvaluationFile } from '../corpora/evaluation-file.js';
import { loadKbEvaluationCases } from '../corpora/kb/kb-evaluation.js';
import { packageRoot } from '../paths.js';
import { timeEach, type LatencySummary } from './stats.js';

export interface CrossLanguageBenchResult {
  embedderId: string | null;
  /** Every row of foods, catalog and KB embedded into the multilingual space (what `cita seed` adds). */
  ingest: { rows: number; seconds: number; rowsPerSecond: number; cpuSeconds: number };
  /** One query embedded by the multilingual model alone. */
  queryEmbedding: LatencySummary;
  /** Hybrid searches of the cross-language sets, with and without the path (KB without the cross-encoder). */
  searches: Array<{ corpus: Corpus; queries: number; withPath: LatencySummary; withoutPath: LatencySummary }>;
}

/**
 * What the cross-language path costs: the multilingual vectors of the shipped corpora at ingest, and per query the
 * extra embedding, nearest-neighbour search and fusion. Queries: the other-language half of each cross-language set
 * (kb/eval/*-crosslang.json). Null when the multilingual model is not installed.
 */
export async function benchCrossLanguage(options: {
  workDir: string;
  modelDir: string;
  multilingualDir?: string;
  quick: boolean;
  progress?: (message: string) => void;
}): Promise<CrossLanguageBenchResult | { skipped: string }> {
  const progress = options.progress ?? (() => undefined);
  const services = await createServices({ dataDir: join(options.workDir, 'crosslang'), modelDir: options.modelDir, ...(options.multilingualDir ? { multilingualDir: options.multilingualDir } : {}) });
  try {
    const description = services.multilingual.describe();
    if (description.mode !== 'local') return { skipped: description.problem ?? 'no multilingual embedder' };
    progress('crosslang: loading foods, catalog and KB (main embedder only)');
    services.settings.update({ language: { cross_language: false } });
    for (const corpus of ['foods', 'catalog', 'kb'] as const) {
      const result = await services.dispatcher.call('ingest', { corpus }, { transport: 'cli', role: 'editor' });
      if (!result.ok) throw new Error(result.error.message);
    }
    services.settings.update({ language: { cross_language: true } });
    progress('crosslang: embedding every row into the multilingual space');
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const rows = await embedCrossLanguage(services, services.modules);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);

    const embedder = await services.multilingual.get();
    if (!embedder) return { skipped: services.multilingual.describe().problem ?? 'the multilingual model did not load' };
    const sample = (queries: string[]) => (options.quick ? queries.filter((_query, index) => index % 3 === 0) : queries);
    const foods = sample(
      loadEvaluationFile('foods-crosslang')
        .filter((entry) => entry.subset === 'es')
        .map((entry) => entry.query),
    );
    const catalog = sample(
      loadEvaluationFile('catalog-crosslang')
        .filter((entry) => entry.subset === 'en')
        .map((entry) => entry.query),
    );
    const kb = sample(
      loadKbEvaluationCases([join(packageRoot(), 'kb', 'eval', 'clinical-crosslang.json')])
        .filter((entry) => entry.subset === 'es')
        .map((entry) => entry.query),
    );
    progress('crosslang: query embedding latency');
    const queryEmbedding = await timeEach([...foods, ...catalog, ...kb], (query) => embedder.embedQuery(query), 3);

    services.settings.update({ kb: { rerank: false } });
    const search = (corpus: Corpus) => async (query: string) => {
      const result = await services.dispatcher.call('search', { corpus, query, k: 10, strategy: 'hybrid' }, { transport: 'cli', role: 'viewer' });
      if (!result.ok) throw new Error(result.error.message);
      return result.value as SearchOutput;
    };
    const searches: CrossLanguageBenchResult['searches'] = [];
    for (const [corpus, queries] of [
      ['foods', foods],
      ['catalog', catalog],
      ['kb', kb],
    ] as const) {
      progress(`crosslang: ${corpus} searches with and without the path`);
      services.settings.update({ language: { cross_language: true } });
      const withPath = await timeEach(queries, search(corpus), 3);
      services.settings.update({ language: { cross_language: false } });
      const withoutPath = await timeEach(queries, search(corpus), 3);
      searches.push({ corpus, queries: queries.length, withPath, withoutPath });
    }
    return {
      embedderId: description.id,
      ingest: { rows, seconds: Math.round(seconds * 10) / 10, rowsPerSecond: Math.round((rows / seconds) * 10) / 10, cpuSeconds: Math.round((cpu.user + cpu.system) / 1e5) / 10 },
      queryEmbedding,
      searches,
    };
  } finally {
    await services.close();
  }
}
