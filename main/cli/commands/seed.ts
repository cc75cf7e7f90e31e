import { seedShippedData } from '../../app/seed.js';
import type { Command } from '../command.js';

/** `cita seed`: loads the shipped data into the data directory. */
export const seedCommand: Command = {
  words: ['seed'],
  summary: 'Load the shipped data (IFCT foods, data catalog, clinical KB); --demo adds a demo profile with 90 days of diary',
  usage: 'cita seed [--demo] [--data-dir DIR] [--json]',
  options: { demo: { type: 'boolean' } },
  async run(context) {
    const services = await context.services();
    const result = await seedShippedData(services, { demo: context.values.demo === true, onProgress: context.progress });
    const lines = result.ingested.map((counts) => `${counts.corpus}: ${counts.inserted} inserted, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.removed} removed`);
    for (const [name, counts] of Object.entries(result.demo)) {
      lines.push(
        `${name} demo: ${Object.entries(counts)
          .map(([kind, count]) => `${count} ${kind}`)
          .join(', ')}`,
      );
    }
    lines.push(result.embedder ? `embedded ${result.embedded} rows with ${result.embedder}` : 'keyword-only mode: nothing embedded (see "cita status")');
    context.print({ data_dir: services.dataDir, ...result }, lines.join('\n'));
    return 0;
  },
};
