import { runBench, benchSections, type BenchSection } from '../../bench/run-bench.js';
import type { CatalogBenchStore } from '../../bench/catalog-store-bench.js';
import { formatBenchReport } from '../../bench/format.js';
import { defaultModelDir } from '../../paths.js';
import { integerFlag, UsageError, type Command } from '../command.js';

/** `cita bench`: the performance figures (embedding, KNN, ingest, keyword index, hybrid search, cold start, memory). */
export const benchCommand: Command = {
  words: ['bench'],
  summary: 'Measure embedding throughput, KNN latency, ingest rate, hybrid search, cold start and memory (temp data only)',
  usage: `cita bench [--quick] [--only ${benchSections.join(',')}] [--database postgres://…] [--catalog-fields N] [--catalog-stores sqlite,postgres] [--kb-cards N] [--json]   (catalog and kb: SQLite, and PostgreSQL when given, in a schema of its own)`,
  options: { quick: { type: 'boolean' }, only: { type: 'string' }, 'catalog-fields': { type: 'string' }, 'catalog-stores': { type: 'string' }, 'kb-cards': { type: 'string' } },
  progressWithJson: true,
  async run(context) {
    const only = typeof context.values.only === 'string' ? context.values.only.split(',').map((section) => section.trim()) : undefined;
    const unknown = only?.filter((section) => !(benchSections as readonly string[]).includes(section)) ?? [];
    if (unknown.length > 0) throw new UsageError(`--only takes ${benchSections.join(', ')} (got "${unknown.join(', ')}")`);
    const catalogFields = integerFlag(context.values, 'catalog-fields', { min: 1, max: 10_000_000 });
    const catalogStores = typeof context.values['catalog-stores'] === 'string' ? context.values['catalog-stores'].split(',').map((store) => store.trim()) : undefined;
    const badStore = catalogStores?.find((store) => store !== 'sqlite' && store !== 'postgres');
    if (badStore !== undefined || catalogStores?.length === 0) throw new UsageError(`--catalog-stores takes sqlite, postgres or both (got "${badStore ?? ''}")`);
    const kbCards = integerFlag(context.values, 'kb-cards', { min: 1, max: 1_000_000 });
    const database = typeof context.values.database === 'string' ? context.values.database : process.env.CITA_DATABASE_URL || undefined;
    const report = await runBench({
      ...(database ? { databaseUrl: database } : {}),
      ...(catalogFields !== undefined ? { catalogFields } : {}),
      ...(catalogStores ? { catalogStores: catalogStores as CatalogBenchStore[] } : {}),
      ...(kbCards !== undefined ? { kbCards } : {}),
      quick: context.values.quick === true,
      modelDir: defaultModelDir(),
      ...(only ? { only: only as BenchSection[] } : {}),
      progress: (message) => context.progress(`bench ${message}`),
    });
    context.print(report, formatBenchReport(report));
    return 0;
  },
};
