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
    const loaded = await seedShippedData(services, { demo: context.values.demo === true, onProgress: context.progress });
    const lines = Object.entries(loaded).map(([name, counts]) =>
      `${name}: ${Object.entries(counts).map(([kind, count]) => `${count} ${kind}`).join(', ')}`,
    );
    context.print({ data_dir: services.dataDir, loaded }, lines.length > 0 ? lines.join('\n') : 'nothing to seed yet');
    return 0;
  },
};
