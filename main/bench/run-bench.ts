import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { readIfctFoods } from '../corpora/foods/ifct.js';
import { benchEmbedder, generatedTexts, type BenchEmbedderResult } from '../embedding/bench-embedder.js';
import type { Embedder } from '../embedding/embedder.js';
import { embedderThreads } from '../embedding/embedder-threads.js';
import { createLocalEmbedder } from '../embedding/local-embedder.js';
import { verifyModel } from '../embedding/model-manifest.js';
import { defaultMultilingualDir, packageRoot } from '../paths.js';
import { embeddedStoreComfortVectors } from '../retrieval/store-capacity.js';
import { defaultBinaryCandidates } from '../retrieval/vector-store.js';
import { benchHybrid, semanticFoodQueries, type HybridBenchResult } from './hybrid-bench.js';
import { benchCatalogStores, type CatalogBenchStore, type CatalogStoreBenchResult } from './catalog-store-bench.js';
import { benchCeiling, type CeilingBenchResult } from './ceiling-bench.js';
import { benchIngestCeiling, type IngestCeilingResult } from './ingest-ceiling-bench.js';
import { benchConcurrency, type ConcurrencyBenchResult } from './concurrency-bench.js';
import { benchCrossLanguage, type CrossLanguageBenchResult } from './cross-language-bench.js';
import { benchKbAsk, type KbBenchResult } from './kb-bench.js';
import { benchKbStores, type KbStoreBenchResult } from './kb-store-bench.js';
import { benchKeyword, type KeywordBenchResult } from './keyword-bench.js';
import { benchKnn, type KnnSizeResult } from './knn-bench.js';
import { benchColdStart, type ColdStartResult } from './serve-bench.js';
import { round } from './stats.js';
import { meanPairCosine, syntheticBase, vectorsAround } from './synthetic-vectors.js';

export const benchSections = ['embedding', 'ceiling', 'knn', 'keyword', 'hybrid', 'serve', 'concurrency', 'kb', 'crosslang', 'catalog'] as const;
export type BenchSection = (typeof benchSections)[number];

export interface BenchOptions {
  /** Smaller sizes (10k vectors, fewer texts) for a run of about a minute. */
  quick: boolean;
  modelDir: string;
  /** Sections to run; all by default. */
  only?: readonly BenchSection[];
  /** The `catalog` section also runs the catalog on this PostgreSQL (in a schema of its own, dropped after). */
  databaseUrl?: string;
  /** The `catalog` section loads this many synthetic fields (hashing embedder) instead of the shipped catalog. */
  catalogFields?: number;
  /** The stores the `catalog` section loads (default both). */
  catalogStores?: readonly CatalogBenchStore[];
  /** The `kb` section weighs the stores on this many synthetic cards (hashing embedder) instead of the shipped KB. */
  kbCards?: number;
  progress?: (message: string) => void;
}

export interface TargetCheck {
  name: string;
  target: string;
  value: number | null;
  unit: string;
  /** null when not measured in this run. */
  met: boolean | null;
  note?: string;
}

export interface BenchReport {
  quick: boolean;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; platform: string; loadBefore: number[]; loadAfter: number[] };
  embedding?: { q8: BenchEmbedderResult; fp32: BenchEmbedderResult; tenThousand: { texts: number; callSize: number; seconds: number; textsPerSecond: number; cpuSeconds: number } | null };
  /** cita's embedder next to onnxruntime-node run directly on the same model file and texts (issue #15). */
  ceiling?: CeilingBenchResult;
  /** `ingest --corpus kb --from` SciFact abstracts next to onnxruntime-node on the same chunks and calls (issue #15). */
  ingestCeiling?: IngestCeilingResult;
  knn?: { vectors: string; meanPairCosine: number; defaultCandidates: number; results: KnnSizeResult[] };
  keyword?: KeywordBenchResult;
  hybrid?: Omit<HybridBenchResult, 'dataDir'>;
  coldStart?: ColdStartResult;
  /** Many hybrid searches at once over HTTP with a food added during them (issue #15). */
  concurrency?: ConcurrencyBenchResult;
  kb?: KbBenchResult;
  /** The clinical KB on SQLite and on PostgreSQL (issue #21): with --database or --kb-cards. */
  kbStores?: KbStoreBenchResult;
  crossLanguage?: CrossLanguageBenchResult;
  /** The data catalog on SQLite and on PostgreSQL (issue #21). */
  catalogStores?: CatalogStoreBenchResult;
  memory: { benchPeakRssMb: number };
  targets: TargetCheck[];
  skipped: { section: BenchSection; reason: string }[];
  seconds: number;
}

/** Runs the performance figures of SPEC §7 in temp directories; nothing of the user's data is touched. */
export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const started = performance.now();
  const progress = options.progress ?? (() => undefined);
  const wanted = (section: BenchSection) => !options.only || options.only.includes(section);
  const workDir = mkdtempSync(join(tmpdir(), 'cita-bench-'));
  const loadBefore = loadavg().map((value) => round(value, 2));
  const report: BenchReport = {
    quick: options.quick,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGb: round(totalmem() / 2 ** 30, 1),
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      loadBefore,
      loadAfter: [],
    },
    memory: { benchPeakRssMb: 0 },
    targets: [],
    skipped: [],
    seconds: 0,
  };
  const model = verifyModel(options.modelDir);
  const modelProblem = model.ok ? null : model.problem;
  let q8: Embedder | undefined;
  let fp32: Embedder | undefined;
  let hybridDataDir: string | undefined;
  try {
    if (modelProblem === null && (wanted('embedding') || wanted('ceiling') || wanted('knn'))) q8 = await createLocalEmbedder({ modelDir: options.modelDir, dtype: 'q8' });

    if (wanted('embedding')) {
      if (!q8) report.skipped.push({ section: 'embedding', reason: modelProblem ?? 'no model' });
      else {
        progress('embedding: q8 throughput and query latency');
        const q8Result = await benchEmbedder(q8, { texts: generatedTexts(options.quick ? 128 : 1000, 1), queryRuns: options.quick ? 30 : 100 });
        progress('embedding: fp32 throughput and query latency');
        fp32 = await createLocalEmbedder({ modelDir: options.modelDir, dtype: 'fp32' });
        const fp32Result = await benchEmbedder(fp32, { texts: generatedTexts(options.quick ? 64 : 256, 1), queryRuns: options.quick ? 20 : 50 });
        let tenThousand: NonNullable<BenchReport['embedding']>['tenThousand'] = null;
        if (!options.quick) {
          progress('embedding: 10,000 short texts with q8');
          const texts = generatedTexts(10_000, 5);
          const tenStarted = performance.now();
          const cpuBefore = process.cpuUsage();
          for (let start = 0; start < texts.length; start += 64) await q8.embedDocuments(texts.slice(start, start + 64));
          const seconds = (performance.now() - tenStarted) / 1000;
          const cpu = process.cpuUsage(cpuBefore);
          tenThousand = {
            texts: texts.length,
            callSize: 64,
            seconds: round(seconds, 1),
            textsPerSecond: round(texts.length / seconds, 1),
            cpuSeconds: round((cpu.user + cpu.system) / 1e6, 1),
          };
        }
        report.embedding = { q8: q8Result, fp32: fp32Result, tenThousand };
      }
    }

    const scifactAbstracts = join(packageRoot(), 'test', 'fixtures', 'scifact-subset', 'corpus.jsonl');
    if (wanted('ceiling')) {
      if (!q8) report.skipped.push({ section: 'ceiling', reason: modelProblem ?? 'no model' });
      else {
        report.ceiling = await benchCeiling({
          embedder: q8,
          modelDir: options.modelDir,
          dtype: 'q8',
          threads: embedderThreads('auto'),
          embedderBatchSize: 1,
          passagesFile: scifactAbstracts,
          quick: options.quick,
          progress,
        });
        progress('ceiling: ingest of SciFact abstracts, each embedding call replayed through onnxruntime-node');
        report.ingestCeiling = await benchIngestCeiling({
          workDir,
          modelDir: options.modelDir,
          multilingualDir: defaultMultilingualDir(),
          passagesFile: scifactAbstracts,
          documents: options.quick ? 32 : 150,
          threads: embedderThreads('auto'),
          cores: report.ceiling.cores,
        });
      }
    }

    if (wanted('knn')) {
      let base: Float32Array[];
      let queries: Float32Array[];
      let kind: string;
      if (q8) {
        progress('knn: embedding base texts and queries with the real model');
        const texts = [...readIfctFoods().map((food) => food.name), ...generatedTexts(options.quick ? 100 : 500, 11)];
        base = await q8.embedDocuments(texts);
        queries = [];
        for (const query of generatedTexts(options.quick ? 20 : 50, 29)) queries.push(await q8.embedQuery(query));
        kind = `mixtures of ${base.length} bge-small q8 document embeddings (IFCT names + generated texts) plus noise; queries: ${queries.length} real query embeddings`;
      } else {
        base = syntheticBase(1000, 384, 3);
        queries = vectorsAround(base, options.quick ? 20 : 50, 29, 0.5);
        kind = `synthetic clusters (no model: ${modelProblem ?? 'not loaded'})`;
      }
      report.knn = {
        vectors: kind,
        meanPairCosine: round(meanPairCosine(base, 2000, 1), 3),
        defaultCandidates: defaultBinaryCandidates,
        results: await benchKnn({
          sizes: options.quick ? [10_000] : [10_000, 100_000],
          base,
          queries,
          candidates: options.quick ? [defaultBinaryCandidates / 2, defaultBinaryCandidates] : [200, 400, defaultBinaryCandidates, defaultBinaryCandidates * 2],
          alternatives: !options.quick,
          numpy: true,
          workDir,
          progress,
        }),
      };
    }

    if (wanted('keyword')) report.keyword = benchKeyword({ rows: options.quick ? 10_000 : 100_000, workDir, progress });

    if (wanted('hybrid') || wanted('serve') || wanted('concurrency')) {
      if (modelProblem !== null) {
        if (wanted('hybrid')) report.skipped.push({ section: 'hybrid', reason: modelProblem });
      } else {
        const { dataDir, ...hybrid } = await benchHybrid({ workDir, modelDir: options.modelDir, rounds: options.quick ? 2 : 5, progress });
        hybridDataDir = dataDir;
        if (wanted('hybrid')) report.hybrid = hybrid;
      }
    }
    if (wanted('serve')) {
      if (!hybridDataDir) report.skipped.push({ section: 'serve', reason: modelProblem ?? 'no seeded data directory' });
      else {
        progress('serve: cold start to first answers');
        report.coldStart = await benchColdStart({ dataDir: hybridDataDir, query: semanticFoodQueries[0] as string });
      }
    }
    if (wanted('concurrency')) {
      if (!hybridDataDir) report.skipped.push({ section: 'concurrency', reason: modelProblem ?? 'no seeded data directory' });
      else {
        progress('concurrency: hybrid searches at once over HTTP, a food added during them');
        report.concurrency = await benchConcurrency({ dataDir: hybridDataDir, searches: options.quick ? 50 : 200, writeAfterMs: 100 });
      }
    }
    if (wanted('kb')) {
      // With --kb-cards the section weighs the stores on a synthetic KB: the answers' latency is the shipped KB's.
      if (options.kbCards === undefined) {
        if (modelProblem !== null) report.skipped.push({ section: 'kb', reason: modelProblem });
        else report.kb = await benchKbAsk({ workDir, modelDir: options.modelDir, rounds: 1, quick: options.quick, progress });
      }
      // Without --kb-cards the stores are weighed with the real model: already reported as skipped above without it.
      if ((options.databaseUrl || options.kbCards !== undefined) && (modelProblem === null || options.kbCards !== undefined)) {
        report.kbStores = await benchKbStores({
          workDir,
          modelDir: options.modelDir,
          quick: options.quick,
          progress,
          ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
          ...(options.kbCards !== undefined ? { cards: options.kbCards } : {}),
        });
      }
    }
    if (wanted('crosslang')) {
      if (modelProblem !== null) report.skipped.push({ section: 'crosslang', reason: modelProblem });
      else {
        const crossLanguage = await benchCrossLanguage({ workDir, modelDir: options.modelDir, quick: options.quick, progress });
        if ('skipped' in crossLanguage) report.skipped.push({ section: 'crosslang', reason: crossLanguage.skipped });
        else report.crossLanguage = crossLanguage;
      }
    }
    if (wanted('catalog')) {
      if (modelProblem !== null && options.catalogFields === undefined) report.skipped.push({ section: 'catalog', reason: modelProblem });
      else {
        report.catalogStores = await benchCatalogStores({
          workDir,
          modelDir: options.modelDir,
          progress,
          ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
          ...(options.catalogFields !== undefined ? { fields: options.catalogFields } : {}),
          ...(options.catalogStores ? { stores: options.catalogStores } : {}),
        });
        if (!options.databaseUrl && options.catalogStores?.includes('postgres') !== false)
          report.skipped.push({ section: 'catalog', reason: 'PostgreSQL not measured: give --database postgres://… (or CITA_DATABASE_URL)' });
      }
    }
  } finally {
    await q8?.close();
    await fp32?.close();
    rmSync(workDir, { recursive: true, force: true });
  }
  report.machine.loadAfter = loadavg().map((value) => round(value, 2));
  report.memory.benchPeakRssMb = round(process.resourceUsage().maxRSS / 1024, 0);
  report.targets = targetChecks(report);
  report.seconds = round((performance.now() - started) / 1000, 1);
  return report;
}

/** The targets of issues #3 and #4 on the 2-core machine, against what this run measured. */
export function targetChecks(report: BenchReport): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const check = (name: string, target: string, value: number | null | undefined, unit: string, pass: (value: number) => boolean, note?: string) =>
    checks.push({ name, target, value: value ?? null, unit, met: value === null || value === undefined ? null : pass(value), ...(note ? { note } : {}) });

  const embedding = report.embedding;
  const cpu = (value: number | undefined, unit: string) => (value === undefined ? undefined : `CPU time ${value} ${unit}, i.e. about what an idle machine gives`);
  const bestQ8 = embedding ? Math.max(...embedding.q8.throughput.map((entry) => entry.textsPerSecond)) : undefined;
  const tenSeconds = embedding?.tenThousand?.seconds ?? (bestQ8 ? round(10_000 / bestQ8, 1) : undefined);
  check(
    '10,000 short texts embedded (q8)',
    '≤ 60 s',
    tenSeconds,
    's',
    (value) => value <= 60,
    embedding && !embedding.tenThousand ? 'extrapolated from the quick run' : cpu(embedding?.tenThousand?.cpuSeconds, 's'),
  );
  check('embedding throughput (q8)', '≥ 170 texts/s', embedding?.tenThousand?.textsPerSecond ?? bestQ8, 'texts/s', (value) => value >= 170);
  check('query embedding p50 (q8)', '≤ 10 ms', embedding?.q8.query.p50Ms, 'ms', (value) => value <= 10, cpu(embedding?.q8.query.cpuMeanMs, 'ms per query'));

  const ceiling = report.ceiling;
  const workload = (name: string) => ceiling?.workloads.find((entry) => entry.name.startsWith(name))?.allCores.ratio;
  const ceilingNote = ceiling ? `ratio to onnxruntime-node with ${ceiling.cores} threads on the same texts in the same run` : undefined;
  check(
    'long-passage ingest vs onnxruntime-node (all cores)',
    '≥ 0.9 ×',
    report.ingestCeiling?.ratio,
    '×',
    (value) => value >= 0.9,
    report.ingestCeiling ? `ingest --corpus kb --from ${report.ingestCeiling.documents} SciFact abstracts, tokens/s over onnxruntime-node's on the same chunks and calls` : undefined,
  );
  check('long passages embedded vs onnxruntime-node (all cores)', '≥ 0.9 ×', workload('long passages'), '×', (value) => value >= 0.9, ceilingNote);
  check('short-text throughput vs onnxruntime-node (all cores), calls of 64', '≥ 0.9 ×', workload('short texts, calls of 64'), '×', (value) => value >= 0.9, ceilingNote);
  check('query embedding p50 vs onnxruntime-node', '≤ 1.2 ×', ceiling?.query.ratio, '×', (value) => value <= 1.2, ceiling ? 'over the faster of 1 thread and all cores' : undefined);

  const lexicon = report.keyword?.clinicalLexicon;
  check(
    'clinical lexicon over a 2,000-character question, p50',
    '< 5 ms',
    lexicon?.latency.p50Ms,
    'ms',
    (value) => value < 5,
    lexicon ? `${lexicon.mentions} names found; it runs on every KB question` : undefined,
  );

  const concurrency = report.concurrency;
  const burst = concurrency ? `${concurrency.searches} hybrid food searches at once over HTTP` : undefined;
  check('concurrent hybrid searches p95', '≤ 500 ms', concurrency?.latency.p95Ms, 'ms', (value) => value <= 500, burst);
  check('concurrent hybrid search errors', '0', concurrency?.errors, '', (value) => value === 0, concurrency?.firstError ?? undefined);
  check('a food added during them', '≤ 200 ms', concurrency?.write.ms, 'ms', (value) => value <= 200, concurrency?.write.error ?? undefined);
  const twoServers = report.catalogStores?.twoServers;
  check(
    'catalog writes lost, two cita serve processes on PostgreSQL',
    '0',
    twoServers?.lostWrites,
    '',
    (value) => value === 0,
    twoServers ? `${twoServers.fieldsWritten} fields imported by a third process while both servers searched` : undefined,
  );

  const at100k = report.knn?.results.find((result) => result.vectors === 100_000);
  check('KNN 100k float32 p95', '≤ 30 ms', at100k?.float32.p95Ms, 'ms', (value) => value <= 30, report.knn && !at100k ? 'not measured with --quick' : cpu(at100k?.float32.cpuMeanMs, 'ms per query'));
  check(
    'KNN 100k float32 p95, exact in memory (WebAssembly SIMD)',
    '≤ 30 ms',
    at100k?.memorySimd?.all.p95Ms,
    'ms',
    (value) => value <= 30,
    report.knn && !at100k ? 'not measured with --quick' : cpu(at100k?.memorySimd?.all.cpuMeanMs, 'ms per query'),
  );
  // Exact search is linear in the rows: the size at which this machine reaches the 30 ms target, against the
  // comfort size status warns past (main/retrieval/store-capacity.ts); a smaller measurement means lower it.
  const simdP95 = at100k?.memorySimd?.all.p95Ms;
  check(
    'embedded store comfort size (vectors at 30 ms exact, linear from 100k)',
    `≥ ${embeddedStoreComfortVectors} (status warns past it)`,
    simdP95 ? Math.floor((100_000 * 30) / simdP95) : undefined,
    'vectors',
    (value) => value >= embeddedStoreComfortVectors,
  );
  const binary = at100k?.binary.runs.find((run) => run.candidates === report.knn?.defaultCandidates);
  check(
    `KNN 100k binary + rescoring p95 (${report.knn?.defaultCandidates ?? defaultBinaryCandidates} candidates)`,
    '≤ 10 ms',
    binary?.latency.p95Ms,
    'ms',
    (value) => value <= 10,
    cpu(binary?.latency.cpuMeanMs, 'ms per query'),
  );
  check('KNN 100k binary recall@10 vs exact', '≥ 0.95', binary?.recallAt10, '', (value) => value >= 0.95);
  check('hybrid food query p95 (semantic path, end to end)', '≤ 50 ms', report.hybrid?.semanticPath.p95Ms, 'ms', (value) => value <= 50, cpu(report.hybrid?.semanticPath.cpuMeanMs, 'ms per query'));
  check(
    'KB answer p95 with the cross-encoder (ask, end to end)',
    '≤ 1500 ms',
    report.kb?.askWithRerank.p95Ms,
    'ms',
    (value) => value <= 1500,
    report.kb ? `without it: p95 ${report.kb.askWithoutRerank.p95Ms} ms; ${cpu(report.kb.askWithRerank.cpuMeanMs, 'ms per answer')}` : undefined,
  );
  return checks;
}
