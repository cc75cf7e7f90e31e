import { corpusSchema } from '../../../shared/contract.js';
import { reembedSpaces, reembedWork } from '../../app/reembed.js';
import { integerFlag, UsageError, type Command } from '../command.js';

/** `cita reembed`: embeds every row without a current vector, resumable, with a progress line. */
export const reembedCommand: Command = {
  words: ['reembed'],
  summary: 'Embed rows that lack a current vector, cross-language vectors included (after seeding, an import or an embedder change); resumable',
  usage: 'cita reembed [--corpus foods|catalog|kb|manuals] [--batch N] [--pause-ms N] [--json]',
  options: { corpus: { type: 'string' }, batch: { type: 'string' }, 'pause-ms': { type: 'string' } },
  stopsOnSignal: true,
  async run(context) {
    const corpusFlag = context.values.corpus;
    const corpus = corpusFlag === undefined ? undefined : corpusSchema.safeParse(corpusFlag);
    if (corpus && !corpus.success) throw new UsageError(`--corpus must be foods, catalog, kb or manuals (got "${String(corpusFlag)}")`);
    const batchSize = integerFlag(context.values, 'batch', { min: 1, max: 1024 });
    const pauseMs = integerFlag(context.values, 'pause-ms', { min: 0, max: 3_600_000 });
    const services = await context.services();
    // The corpus's own vectors and its cross-language ones (when the multilingual model is on), in one job.
    const spaces = reembedSpaces(services, services.modules, corpus?.success ? corpus.data : undefined);
    const started = Date.now();
    const job = services.jobs.start('reembed', reembedWork(spaces, { ...(batchSize !== undefined ? { batchSize } : {}), ...(pauseMs !== undefined ? { pauseMs } : {}) }));
    // Work done so far is kept; the next run resumes from the rows still without a current vector.
    const stopOnSignal = () => services.jobs.cancel(job.job);
    context.stopSignal.addEventListener('abort', stopOnSignal, { once: true });
    if (context.stopSignal.aborted) stopOnSignal();
    const unsubscribe = services.events.on('job.progress', (progress) => {
      if (progress.job === job.job && progress.state === 'running') context.progress(`reembed ${progress.message}`);
    });
    const finished = await services.jobs.wait(job.job);
    unsubscribe();
    context.stopSignal.removeEventListener('abort', stopOnSignal);
    const seconds = (Date.now() - started) / 1000;
    context.print({ ...finished, seconds }, `${finished.state}: ${finished.message} in ${seconds.toFixed(1)} s`);
    return finished.state === 'done' ? 0 : 1;
  },
};
