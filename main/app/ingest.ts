import type { IngestCounts } from '../../shared/contract.js';
import type { CorpusModule, IngestOptions, ModuleDeps } from '../corpora/corpus-module.js';
import { AppError } from '../core/errors.js';
import { embedCrossLanguage } from './cross-language-embedding.js';
import { etaOf } from '../core/progress.js';
import { ownSpaces, reembedWork } from './reembed.js';

/**
 * Loads a corpus (shipped data or `from`) and then embeds exactly the rows that lack a current vector, so an
 * unchanged row is never re-embedded and an edited one is. In keyword-only mode nothing is embedded.
 */
export async function ingestCorpus(deps: ModuleDeps, module: CorpusModule, options: IngestOptions = {}): Promise<IngestCounts> {
  if (!module.ingest) throw new AppError('unavailable', `The ${module.name} corpus cannot be ingested.`);
  const counts = await module.ingest(options);
  await embedCrossLanguage(deps, [module], options.onProgress ? { onProgress: options.onProgress } : {});
  if (!module.retriever || deps.embedding.describe().mode === 'keyword-only') return counts;
  const job = deps.jobs.start('reembed', reembedWork(ownSpaces(deps, deps.embedding, [module.retriever, ...(module.extraSpaces ?? []).map((extra) => extra.retriever)])));
  const started = Date.now();
  const unsubscribe = deps.events.on('job.progress', (progress) => {
    if (progress.job === job.job && progress.state === 'running') options.onProgress?.(`embedding ${progress.message}${etaOf(progress.done, progress.total, Date.now() - started)}`);
  });
  const finished = await deps.jobs.wait(job.job);
  unsubscribe();
  if (finished.state === 'failed') options.onProgress?.(`embedding failed: ${finished.message}; rows are searchable by keyword`);
  return { ...counts, embedded: finished.state === 'failed' ? 0 : finished.done };
}
