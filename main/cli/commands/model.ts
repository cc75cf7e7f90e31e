import { fetchLocalModels, localModelNames, parseOnlyFlag, type LocalModelOutcome } from '../../app/local-models.js';
import { AppError } from '../../core/errors.js';
import { UsageError, type Command } from '../command.js';

/**
 * `cita model fetch`: the same fetch as `npm run model:fetch`, verified file by file against the pinned SHA-256s.
 * Every local model by default (embedder, reranker, multilingual embedder, then the embedder's batching graph); a failure
 * of one is reported and the others still tried.
 */
const usage = `cita model fetch [--only ${localModelNames.join('|')}] [--from DIR|ARCHIVE] [--model-dir DIR] [--force] [--json]`;

export const modelFetchCommand: Command = {
  words: ['model', 'fetch'],
  summary: 'Put the local embedding model (bge-small-en-v1.5), its batching graph, the reranker and the multilingual embedder in place, verified by SHA-256',
  usage,
  options: { only: { type: 'string' }, from: { type: 'string' }, 'model-dir': { type: 'string' }, force: { type: 'boolean' } },
  stopsOnSignal: true,
  async run(context) {
    const only = parseOnlyFlag(context.values.only);
    if (only instanceof Error) throw new UsageError(`${only.message} (usage: ${usage})`);
    const from = typeof context.values.from === 'string' ? context.values.from : undefined;
    const modelDir = typeof context.values['model-dir'] === 'string' ? context.values['model-dir'] : undefined;
    const controller = new AbortController();
    const interrupt = () => controller.abort(new Error('interrupted'));
    context.stopSignal.addEventListener('abort', interrupt, { once: true });
    if (context.stopSignal.aborted) interrupt();
    try {
      const outcomes = await fetchLocalModels({
        ...(only ? { only } : {}),
        ...(from !== undefined ? { from } : {}),
        ...(modelDir !== undefined ? { modelDir } : {}),
        force: context.values.force === true,
        signal: controller.signal,
        onProgress: (model, message) => context.progress(`model fetch  ${model}  ${message}`),
      });
      const failures = outcomes.filter((outcome) => !outcome.ok);
      const [first] = outcomes;
      if (outcomes.length === 1 && first) {
        // One model: the document and the error are what they were before the reranker existed.
        if (!first.ok) throw new AppError('unavailable', `The ${first.title} was not installed: ${first.message}`);
        const { fetched, seconds } = first;
        context.print({ model_dir: fetched.modelDir, source: fetched.source, files: fetched.files, seconds }, formatFetched(first));
        return 0;
      }
      if (context.json) {
        context.print({ ok: failures.length === 0, models: outcomes.map(toDocument) }, '');
        return failures.length === 0 ? 0 : 1;
      }
      const human = outcomes.map((outcome) => `${outcome.model}: ${outcome.ok ? formatFetched(outcome) : 'NOT installed (see below)'}`).join('\n');
      context.print(null, human);
      if (failures.length > 0) {
        throw new AppError(
          'unavailable',
          `${failures.length} of ${outcomes.length} models were not installed`,
          failures.map((failure) => `${failure.model}: ${failure.ok ? '' : failure.message}`),
        );
      }
      return 0;
    } catch (error) {
      if (error instanceof AppError || error instanceof UsageError) throw error;
      // Only a cancel gets here: every other failure is one model's outcome above.
      throw new AppError('unavailable', `The models were not installed: ${(error as Error).message}`);
    } finally {
      context.stopSignal.removeEventListener('abort', interrupt);
    }
  },
};

function formatFetched(outcome: Extract<LocalModelOutcome, { ok: true }>): string {
  const { fetched, seconds } = outcome;
  return [
    `source: ${fetched.source}`,
    ...fetched.files.map((file) => `${file.sha256}  ${String(file.bytes).padStart(10)}  ${file.path}`),
    `verified ${outcome.title} in ${fetched.modelDir} (${seconds.toFixed(1)} s)`,
  ].join('\n');
}

function toDocument(outcome: LocalModelOutcome): Record<string, unknown> {
  return outcome.ok
    ? { model: outcome.model, ok: true, model_dir: outcome.fetched.modelDir, source: outcome.fetched.source, files: outcome.fetched.files, seconds: outcome.seconds }
    : { model: outcome.model, ok: false, error: { code: 'unavailable', message: outcome.message }, seconds: outcome.seconds };
}
