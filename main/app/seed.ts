import type { IngestCounts } from '../../shared/contract.js';
import type { Services } from './bootstrap.js';
import { reembedWork } from './reembed.js';

export interface SeedOptions {
  demo: boolean;
  /** "Today" for the demo diary (its 90 days end here); the local date by default. */
  today?: string;
  onProgress?: (message: string) => void;
}

export interface SeedResult {
  ingested: IngestCounts[];
  demo: Record<string, Record<string, number>>;
  /** Rows embedded after loading (0 in keyword-only mode, which `embedder` then explains). */
  embedded: number;
  embedder: string | null;
}

/** The local calendar date, YYYY-MM-DD. */
export function localToday(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** Loads the shipped data of every module, the demo data with --demo, then embeds what lacks a vector. Idempotent. */
export async function seedShippedData(services: Services, options: SeedOptions): Promise<SeedResult> {
  const result: SeedResult = { ingested: [], demo: {}, embedded: 0, embedder: null };
  for (const module of services.modules) {
    if (!module.ingest) continue;
    options.onProgress?.(`loading ${module.name}…`);
    result.ingested.push(await module.ingest(options.onProgress ? { onProgress: options.onProgress } : {}));
  }
  if (options.demo) {
    for (const module of services.modules) {
      if (!module.seedDemo) continue;
      options.onProgress?.(`demo data for ${module.name}…`);
      result.demo[module.name] = await module.seedDemo({ today: options.today ?? localToday(), ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
    }
  }
  const description = services.embedding.describe();
  result.embedder = description.id;
  // A cloud embedder is paced for its quota (minutes to hours): its re-embed is started on purpose, not here.
  if (description.mode === 'cloud') options.onProgress?.('cloud embedder: run "cita reembed" to embed the loaded rows (rate-limited)');
  if (description.mode === 'local') {
    const targets = services.modules.flatMap((module) => (module.retriever ? [module.retriever] : []));
    const job = services.jobs.start('reembed', reembedWork(services, targets));
    const unsubscribe = services.events.on('job.progress', (progress) => {
      if (progress.job === job.job && progress.state === 'running') options.onProgress?.(`embedding ${progress.message}`);
    });
    const finished = await services.jobs.wait(job.job);
    unsubscribe();
    result.embedded = finished.done;
  }
  return result;
}
