import type { Services } from './bootstrap.js';

export interface SeedOptions {
  demo: boolean;
  onProgress?: (message: string) => void;
}

/** Counts of what one seeding step loaded, by kind. */
export type SeedCounts = Record<string, number>;

/** Loads the shipped data (foods, data catalog, clinical KB; a demo diary with --demo). Idempotent. */
export async function seedShippedData(services: Services, options: SeedOptions): Promise<Record<string, SeedCounts>> {
  const loaded: Record<string, SeedCounts> = {};
  for (const seeder of services.seeders) {
    if (seeder.demoOnly && !options.demo) continue;
    options.onProgress?.(`seeding ${seeder.name}…`);
    loaded[seeder.name] = await seeder.run(options);
  }
  return loaded;
}

/** One corpus's part of `cita seed`. */
export interface Seeder {
  name: string;
  demoOnly: boolean;
  run(options: SeedOptions): Promise<SeedCounts>;
}
