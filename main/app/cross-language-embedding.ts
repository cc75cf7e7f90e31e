import type { CorpusModule, ModuleDeps } from '../corpora/corpus-module.js';
import { reembedSpaces, reembedWork } from './reembed.js';

/**
 * Gives the rows of these modules their vectors in the multilingual embedder's space (the cross-language path),
 * as a background job with progress; only rows lacking a current vector are embedded. Does nothing (0) when the
 * multilingual model is off or absent: every search then works without the path.
 */
export async function embedCrossLanguage(deps: ModuleDeps, modules: readonly CorpusModule[], options: { onProgress?: (message: string) => void; signal?: AbortSignal } = {}): Promise<number> {
  if (deps.multilingual.describe().mode !== 'local') return 0;
  const targets = reembedSpaces(deps, modules).filter((space) => space.crossLanguage);
  let pending = 0;
  for (const target of targets) pending += await target.pending();
  if (pending === 0 || options.signal?.aborted) return 0;
  const job = deps.jobs.start('reembed', reembedWork(targets));
  const cancel = () => deps.jobs.cancel(job.job);
  options.signal?.addEventListener('abort', cancel, { once: true });
  const unsubscribe = deps.events.on('job.progress', (progress) => {
    if (progress.job === job.job && progress.state === 'running') options.onProgress?.(`embedding for cross-language search ${progress.message}`);
  });
  const finished = await deps.jobs.wait(job.job);
  unsubscribe();
  options.signal?.removeEventListener('abort', cancel);
  if (finished.state === 'failed') options.onProgress?.(`cross-language embedding failed: ${finished.message}; searches run without that path`);
  return finished.state === 'failed' ? 0 : finished.done;
}
