import type { BenchReport } from './run-bench.js';
import type { LatencySummary } from './stats.js';

const latency = (summary: LatencySummary) => `p50 ${summary.p50Ms} ms  p95 ${summary.p95Ms} ms${summary.cpuMeanMs === undefined ? '' : `  cpu ${summary.cpuMeanMs} ms`}  (n=${summary.runs})`;

/** The report as text for a terminal. */
export function formatBenchReport(report: BenchReport): string {
  const { machine } = report;
  const lines = [
    `cita bench${report.quick ? ' --quick' : ''}: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, node ${machine.node}`,
    `load average before ${machine.loadBefore.join(' / ')}, after ${machine.loadAfter.join(' / ')} on ${machine.cpus} cores: wall times include waiting for a core; ` +
      '"cpu" is process CPU time per operation (all threads), close to an idle machine\'s wall time',
  ];
  if (report.embedding) {
    const { q8, fp32, tenThousand } = report.embedding;
    lines.push('', 'embedding (bge-small-en-v1.5, short texts of 5-10 words)');
    for (const result of [q8, fp32]) {
      lines.push(`  ${result.embedderId}`);
      lines.push(`    throughput: ${result.throughput.map((entry) => `${entry.textsPerSecond} texts/s in calls of ${entry.batchSize} (cpu ${entry.cpuMsPerText} ms/text)`).join(', ')}`);
      lines.push(`    single query: ${latency({ ...result.query, maxMs: result.query.p95Ms })}`);
    }
    if (tenThousand) lines.push(`  10,000 texts with q8 in calls of ${tenThousand.callSize}: ${tenThousand.seconds} s (${tenThousand.textsPerSecond} texts/s), cpu ${tenThousand.cpuSeconds} s`);
  }
  if (report.ceiling) {
    const ceiling = report.ceiling;
    lines.push(
      '',
      `embedding vs its ceiling, onnxruntime-node run directly on the same model file (${ceiling.embedderId}, cita ${ceiling.threads} thread(s); best of ${ceiling.rounds} interleaved rounds)`,
    );
    for (const workload of ceiling.workloads) {
      const { sameThreads, allCores } = workload;
      lines.push(`  ${workload.name}: ${workload.texts} texts of ${workload.meanTokens} tokens`);
      lines.push(
        `    cita ${workload.citaTextsPerSecond} texts/s, ${workload.citaTokensPerSecond} tokens/s; onnxruntime-node ${sameThreads.threads} thread(s), batch ${sameThreads.batchSize}: ${sameThreads.textsPerSecond} (${sameThreads.ratio} ×); ` +
          `${allCores.threads} threads, batch ${allCores.batchSize}: ${allCores.textsPerSecond} texts/s, ${allCores.tokensPerSecond} tokens/s (${allCores.ratio} ×); vectors within ${workload.maxVectorDifference.toExponential(1)}`,
      );
    }
    const query = ceiling.query;
    const ingest = report.ingestCeiling;
    if (ingest) {
      lines.push(
        `  ingest --corpus kb --from ${ingest.documents} SciFact abstracts: ${ingest.chunks} chunks of ${ingest.meanTokensPerChunk} tokens in ${ingest.seconds} s ` +
          `(${ingest.chunksPerSecond} chunks/s, ${ingest.tokensPerSecond} tokens/s; ${ingest.crossLanguage.problem === null ? `cross-language vectors of ${ingest.crossLanguage.chunks} chunks included` : `no cross-language vectors: ${ingest.crossLanguage.problem}`}); ` +
          `onnxruntime-node ${ingest.ceiling.threads} threads on the same calls ${ingest.ceiling.chunksPerSecond} chunks/s, ${ingest.ceiling.tokensPerSecond} tokens/s ` +
          `(bge-small ${ingest.ceiling.embedderSeconds} s + multilingual ${ingest.ceiling.multilingualSeconds} s) (${ingest.ratio} ×); the data directory's one-time preparation ${ingest.preparationSeconds} s apart`,
      );
    }
    lines.push(
      `  single query p50: cita ${query.citaP50Ms} ms (p95 ${query.citaP95Ms}); onnxruntime-node 1 thread ${query.ceilingP50Ms.oneThread} ms, ${ceiling.cores} threads ${query.ceilingP50Ms.allCores} ms (${query.ratio} ×)`,
    );
  }
  if (report.knn) {
    lines.push('', `KNN, k = 10 (vectors: ${report.knn.vectors}; mean pair cosine ${report.knn.meanPairCosine})`);
    for (const result of report.knn.results) {
      lines.push(`  ${result.vectors.toLocaleString('en')} × ${result.dimensions}: written at ${result.insertPerSecond.toLocaleString('en')} vectors/s`);
      lines.push(`    float32 vec0 cosine (exact):        ${latency(result.float32)}`);
      lines.push(`    float32, shared + one profile:      ${latency(result.float32Visible)}`);
      const simd = result.memorySimd;
      if (simd) {
        lines.push(`    float32 in memory, WebAssembly SIMD (exact): loaded in ${simd.loadMs} ms from ${simd.loadSource}, ${(simd.bytes / 2 ** 20).toFixed(1)} MB (${simd.bytesPerVector} B/vector)`);
        lines.push(`      ${`all partitions, ${simd.threads} thread${simd.threads === 1 ? '' : 's'}:`.padEnd(34)}${latency(simd.all)}`);
        if (simd.oneThread) lines.push(`      ${'the same on 1 thread, in turns:'.padEnd(34)}${latency(simd.oneThread)}; identical results: ${simd.sameAsOneThread ? 'yes' : 'NO'}`);
        if (simd.fullScan) lines.push(`      ${'every row in float32, in turns:'.padEnd(34)}${latency(simd.fullScan)}; identical results: ${simd.sameAsFullScan ? 'yes' : 'NO'}`);
        if (simd.bounded) {
          lines.push(
            `      bounded scan (from ${simd.bounded.minimumRows.toLocaleString('en')} rows): ${simd.bounded.searches} of ${simd.bounded.searches + simd.bounded.fullScans} searches, ${simd.bounded.rescoredPerSearch} rows scored again in float32 a search`,
          );
        }
        lines.push(`      shared + one profile:             ${latency(simd.visible)}`);
        lines.push(`      same top 10 as vec0 for ${Math.round(simd.sameTopK * 100)}% of queries; distances within ${simd.maxDistanceDifference}`);
      }
      if (result.numpy?.available) {
        lines.push(
          `    numpy ${result.numpy.numpyVersion} matrix @ query + argpartition (same vectors): ${latency(result.numpy.latency)}; in-memory p95 ${result.numpy.ratioP95} × numpy's (1 thread ${result.numpy.oneThreadRatioP95} ×; every row in float32 ${result.numpy.fullScanRatioP95} ×)`,
        );
      } else if (result.numpy) {
        lines.push(`    numpy: not measured (${result.numpy.reason})`);
      }
      lines.push(`    binary option: float copy ${result.binary.copySeconds} s, codes built in ${result.binary.indexBuildMs} ms`);
      for (const run of result.binary.runs) lines.push(`      ${String(run.candidates).padStart(5)} candidates rescored: ${latency(run.latency)}  recall@10 ${run.recallAt10}`);
      if (result.alternatives) {
        lines.push(`    (for comparison) vec0 float32 L2:    ${latency(result.alternatives.float32L2)}`);
        lines.push(`    (for comparison) vec0 bit k=10:      ${latency(result.alternatives.vec0BitK10)}`);
        lines.push(`    (for comparison) vec0 bit k=100:     ${latency(result.alternatives.vec0BitK100)}`);
      }
    }
  }
  if (report.keyword) {
    const { ingest, keywordIndex } = report.keyword;
    lines.push('', `ingest: ${ingest.rows.toLocaleString('en')} foods into SQLite + keyword index in ${ingest.seconds} s (${ingest.rowsPerSecond.toLocaleString('en')} rows/s)`);
    lines.push(
      `keyword index at ${keywordIndex.documents.toLocaleString('en')} documents: rebuild from SQLite ${keywordIndex.rebuildMs} ms, ` +
        `snapshot load ${keywordIndex.snapshotLoadMs} ms (${(keywordIndex.snapshotBytes / 2 ** 20).toFixed(1)} MB, written in ${keywordIndex.snapshotWriteMs} ms) → ${keywordIndex.faster} is faster` +
        `${keywordIndex.sameResults ? '' : ' (WARNING: the snapshot answered differently)'}`,
    );
    const { clinicalLexicon } = report.keyword;
    lines.push(
      `clinical lexicon over a ${clinicalLexicon.questionChars.toLocaleString('en')}-character question (${clinicalLexicon.mentions} names): ` +
        `p50 ${clinicalLexicon.latency.p50Ms} ms, p95 ${clinicalLexicon.latency.p95Ms} ms (target p50 < 5 ms)`,
    );
  }
  if (report.hybrid) {
    const hybrid = report.hybrid;
    lines.push('', `hybrid food search end to end (${hybrid.embedderId ?? 'keyword-only'}, ${hybrid.foods} foods, embedded in ${hybrid.ingestWithEmbeddingSeconds} s)`);
    lines.push(`  semantic path (< 8 keyword hits): ${latency(hybrid.semanticPath)}; ${Math.round(hybrid.semanticHitShare * 100)}% of those queries got semantic hits`);
    lines.push(`  keyword path (8+ keyword hits):   ${latency(hybrid.keywordPath)}`);
  }
  if (report.coldStart) {
    const cold = report.coldStart;
    lines.push(
      '',
      `cold start of cita serve: listening ${cold.listeningMs} ms, first status ${cold.firstStatusMs} ms, first hybrid search ${cold.firstSearchMs} ms; server peak RSS ${cold.peakRssMb ?? '?'} MB`,
    );
  }
  if (report.concurrency) {
    const burst = report.concurrency;
    lines.push('', `${burst.searches} hybrid food searches sent at once to cita serve (distinct semantic-path queries), answered in ${burst.seconds} s`);
    lines.push(`  each from the burst's start: ${latency(burst.latency)}; errors ${burst.errors}${burst.firstError ? ` (first: ${burst.firstError})` : ''}`);
    lines.push(`  a food added ${burst.write.afterMs} ms in: ${burst.write.ms === null ? `failed (${burst.write.error})` : `${burst.write.ms} ms`}`);
  }
  if (report.kb) {
    const kb = report.kb;
    lines.push('', `clinical KB answers end to end (${kb.embedderId ?? 'keyword-only'}; cross-encoder ${kb.rerankerId ?? 'not installed'}; ${kb.questions} questions of the shipped sets)`);
    lines.push(`  with the cross-encoder:    ${latency(kb.askWithRerank)}; ${Math.round(kb.answeredShare * 100)}% answered, the rest refused`);
    lines.push(`  without the cross-encoder: ${latency(kb.askWithoutRerank)}`);
    lines.push(`  with it, without the example questions: ${latency(kb.askWithoutExamples)}`);
  }
  if (report.crossLanguage) {
    const cross = report.crossLanguage;
    lines.push('', `cross-language path (${cross.embedderId ?? '?'})`);
    lines.push(`  ingest: ${cross.ingest.rows} rows of foods, catalog and KB in ${cross.ingest.seconds} s (${cross.ingest.rowsPerSecond} rows/s; process CPU ${cross.ingest.cpuSeconds} s)`);
    lines.push(`  query embedding: ${latency(cross.queryEmbedding)}`);
    for (const search of cross.searches) {
      lines.push(`  ${search.corpus} hybrid search, ${search.queries} other-language queries: with the path ${latency(search.withPath)}; without ${latency(search.withoutPath)}`);
    }
  }
  if (report.kbStores) {
    const kb = report.kbStores;
    const what = kb.scenario === 'shipped' ? `the shipped cards, ${kb.embedderId ?? 'keyword-only'}` : `synthetic cards, ${kb.embedderId}`;
    lines.push('', `clinical KB per store (${what}; hybrid search without the cross-encoder over ${kb.questions} questions of the shipped sets)`);
    for (const run of kb.runs) lines.push(`  ${run.store.padEnd(10)} ${run.cards} cards, ${run.chunks} chunks ingested in ${run.ingestSeconds} s; hybrid ${latency(run.hybrid)}`);
  }
  if (report.catalogStores) {
    const catalog = report.catalogStores;
    const what = catalog.scenario === 'shipped' ? `the shipped catalog, ${catalog.embedderId ?? 'keyword-only'}` : `synthetic fields, ${catalog.embedderId}`;
    lines.push('', `data catalog per store (${what}; hybrid search over the ${catalog.queries} evaluation queries)`);
    for (const run of catalog.runs) {
      const parts = [
        run.importSeconds !== undefined ? `imported in ${run.importSeconds} s` : '',
        run.embedSeconds !== undefined ? `embedded in ${run.embedSeconds} s` : '',
        run.indexSeconds !== undefined ? `index built in ${run.indexSeconds} s` : '',
      ].filter(Boolean);
      lines.push(`  ${run.store.padEnd(10)} ${run.fields} fields ingested in ${run.ingestSeconds} s${parts.length > 0 ? ` (${parts.join(', ')})` : ''}; hybrid ${latency(run.hybrid)}`);
    }
    const two = catalog.twoServers;
    if (two) {
      const served = catalog.runs.find((run) => run.store === 'PostgreSQL');
      lines.push(`  two cita serve processes on the PostgreSQL catalog${served ? ` of ${served.fields} fields` : ''}, both searched at once over HTTP: hybrid ${latency(two.hybrid)}`);
      lines.push(`    per server ${latency(two.perServer[0])} | ${latency(two.perServer[1])}`);
      lines.push(
        `    meanwhile a third process committed ${two.writes} imports (${two.fieldsWritten} fields) in ${two.writeSeconds} s: lost writes ${two.lostWrites}; ${two.foundFirst} of ${two.fieldsWritten} found first by name through the other server`,
      );
    }
  }
  lines.push('', `peak RSS of the benchmark process: ${report.memory.benchPeakRssMb} MB; total ${report.seconds} s`);
  for (const skipped of report.skipped) lines.push(`skipped ${skipped.section}: ${skipped.reason}`);
  lines.push('', 'targets (2-core machine):');
  for (const target of report.targets) {
    const mark = target.met === null ? 'n/a ' : target.met ? 'met ' : 'MISS';
    lines.push(`  ${mark} ${target.name}: ${target.value ?? '-'} ${target.unit} (target ${target.target})${target.note ? ` — ${target.note}` : ''}`);
  }
  return lines.join('\n');
}
