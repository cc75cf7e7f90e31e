import { resolve } from 'node:path';
import { ingestCorpus } from '../../app/ingest.js';
import { UsageError, type Command } from '../command.js';

/** `cita ingest`: loads a corpus from the shipped data or a file/directory, idempotently, and prints counts. */
export const ingestCommand: Command = {
  words: ['ingest'],
  summary: 'Load a corpus (shipped data, or --from a file/directory) idempotently and print the counts',
  usage: 'cita ingest --corpus kb|catalog|foods|manuals [--from PATH] [--data-dir DIR] [--json]',
  options: { corpus: { type: 'string' }, from: { type: 'string' } },
  progressWithJson: true,
  async run(context) {
    const name = context.values.corpus;
    if (typeof name !== 'string') throw new UsageError('--corpus is required (kb, catalog, foods or manuals)');
    const services = await context.services();
    const module = services.module(name);
    if (!module?.ingest || !['kb', 'catalog', 'foods', 'manuals'].includes(name)) throw new UsageError(`--corpus must be kb, catalog, foods or manuals (got "${name}")`);
    const from = context.values.from;
    const counts = await ingestCorpus(services, module, {
      ...(typeof from === 'string' ? { from: resolve(from) } : {}),
      onProgress: context.progress,
    });
    context.print(counts, `${counts.corpus}: ${counts.inserted} inserted, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.removed} removed; ${counts.embedded} embedded`);
    return 0;
  },
};
