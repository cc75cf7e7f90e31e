import type { IngestCounts } from '../../shared/contract.js';
import { localToday } from '../core/local-today.js';
import type { Services } from './bootstrap.js';
import { embedCrossLanguage } from './cross-language-embedding.js';
import { ownRowsName, ownSpaces, reembedWork, storedSpace } from './reembed.js';

export interface SeedOptions {
  /**
   * The demo profile: true (re)loads it (`cita seed --demo`); 'first-run' loads it only into a data directory that
   * never held the user's data and never had the demo before (the app's start); false leaves it alone.
   */
  demo: boolean | 'first-run';
  /** "Today" for the demo diary (its 90 days end here); the local date by default. */
  today?: string;
  onProgress?: (message: string) => void;
  /** Stops at the next step (a running embedding is cancelled; what was loaded stays, and the next seed resumes). */
  signal?: AbortSignal;
}

export interface SeedResult {
  ingested: IngestCounts[];
  demo: Record<string, Record<string, number>>;
  /** Rows embedded after loading (0 in keyword-only mode, which `embedder` then explains). */
  embedded: number;
  /** Rows embedded for the cross-language path (0 without the multilingual model). */
  embeddedCrossLanguage: number;
  embedder: string | null;
  /** The signal stopped the seed before it finished. */
  stopped: boolean;
}

/** Loads the shipped data of every module, the demo data when asked, then embeds what lacks a vector. Idempotent. */
export async function seedShippedData(services: Services, options: SeedOptions): Promise<SeedResult> {
  const result: SeedResult = { ingested: [], demo: {}, embedded: 0, embeddedCrossLanguage: 0, embedder: null, stopped: false };
  const stopped = () => (result.stopped ||= options.signal?.aborted === true);
  const loadDemo = options.demo === 'first-run' ? services.demo.firstRunPending() : options.demo;

  for (const module of services.modules) {
    if (!module.ingest || module.seededOnDemand === true || stopped()) continue;
    options.onProgress?.(`loading ${module.name}…`);
    result.ingested.push(await module.ingest(options.onProgress ? { onProgress: options.onProgress } : {}));
  }
  if (loadDemo && !stopped()) {
    // The first start leaves a profile of the user's that is called "demo" alone; `cita seed --demo` says it stops there.
    if (options.demo === true || services.demo.claimProfile()) {
      for (const module of services.modules) {
        if (!module.seedDemo) continue;
        options.onProgress?.(`demo data for ${module.name}…`);
        result.demo[module.name] = await module.seedDemo({
          today: options.today ?? localToday(),
          firstRun: options.demo === 'first-run',
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        });
      }
      for (const module of services.modules) module.reload?.();
    }
    services.demo.markLoaded();
  }
  const description = services.embedding.describe();
  result.embedder = description.id;
  if (stopped()) return result;
  const targets = services.modules.flatMap((module) => [...(module.retriever ? [module.retriever] : []), ...(module.extraSpaces ?? []).map((extra) => extra.retriever)]);
  // A corpus's own rows kept outside the file (own foods on PostgreSQL: the demo's packaged foods) are embedded too.
  const ownRows = services.modules.flatMap((module) => (module.ownRows ? [storedSpace(module, module.ownRows, services.embedding, false, ownRowsName(module))] : []));
  let pending = targets.reduce((sum, target) => {
    const counts = target.counts();
    return sum + counts.missing + counts.stale;
  }, 0);
  for (const space of ownRows) pending += await space.pending();
  const crossLanguage = () =>
    embedCrossLanguage(services, services.modules, { ...(options.onProgress ? { onProgress: options.onProgress } : {}), ...(options.signal ? { signal: options.signal } : {}) });
  // Nothing to embed (every start after the first): no job, no "0 of 0" progress lines.
  if (pending === 0) {
    result.embeddedCrossLanguage = await crossLanguage();
    return result;
  }
  // A cloud embedder is paced for its quota (minutes to hours): its re-embed is started on purpose, not here.
  if (description.mode === 'cloud') options.onProgress?.('cloud embedder: run "cita reembed" to embed the loaded rows (rate-limited)');
  if (description.mode === 'local') {
    const job = services.jobs.start('reembed', reembedWork([...ownSpaces(services, services.embedding, targets), ...ownRows]));
    const cancel = () => services.jobs.cancel(job.job);
    options.signal?.addEventListener('abort', cancel, { once: true });
    const unsubscribe = services.events.on('job.progress', (progress) => {
      if (progress.job === job.job && progress.state === 'running') options.onProgress?.(`embedding ${progress.message}`);
    });
    const finished = await services.jobs.wait(job.job);
    unsubscribe();
    options.signal?.removeEventListener('abort', cancel);
    result.embedded = finished.done;
    stopped();
  }
  if (!stopped()) result.embeddedCrossLanguage = await crossLanguage();
  return result;
}
