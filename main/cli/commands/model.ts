import { resolve } from 'node:path';
import { AppError } from '../../app/errors.js';
import { fetchModel } from '../../embedding/model-fetch.js';
import { defaultModelDir } from '../../paths.js';
import type { Command } from '../command.js';

/** `cita model fetch`: the same fetch as `npm run model:fetch`, verified file by file against the pinned SHA-256s. */
export const modelFetchCommand: Command = {
  words: ['model', 'fetch'],
  summary: 'Put the local embedding model (bge-small-en-v1.5) in the model directory, verified by SHA-256',
  usage: 'cita model fetch [--from DIR|ARCHIVE] [--model-dir DIR] [--force] [--json]',
  options: { from: { type: 'string' }, 'model-dir': { type: 'string' }, force: { type: 'boolean' } },
  stopsOnSignal: true,
  async run(context) {
    const from = typeof context.values.from === 'string' ? resolve(context.values.from) : undefined;
    const modelDir = typeof context.values['model-dir'] === 'string' ? resolve(context.values['model-dir']) : defaultModelDir();
    const controller = new AbortController();
    const interrupt = () => controller.abort(new Error('interrupted'));
    context.stopSignal.addEventListener('abort', interrupt, { once: true });
    if (context.stopSignal.aborted) interrupt();
    const started = performance.now();
    try {
      const result = await fetchModel({
        modelDir,
        ...(from ? { from } : {}),
        force: context.values.force === true,
        signal: controller.signal,
        onProgress: (message) => context.progress(`model fetch  ${message}`),
      });
      const seconds = (performance.now() - started) / 1000;
      const human = [
        `source: ${result.source}`,
        ...result.files.map((file) => `${file.sha256}  ${String(file.bytes).padStart(10)}  ${file.path}`),
        `verified model in ${result.modelDir} (${seconds.toFixed(1)} s)`,
      ].join('\n');
      context.print({ model_dir: result.modelDir, source: result.source, files: result.files, seconds }, human);
      return 0;
    } catch (error) {
      if (error instanceof AppError) throw error;
      // fetchModel's messages already say what is wrong (mismatch, truncated file, no source) and what to do.
      throw new AppError('unavailable', `The model was not installed: ${(error as Error).message}`);
    } finally {
      context.stopSignal.removeEventListener('abort', interrupt);
    }
  },
};
