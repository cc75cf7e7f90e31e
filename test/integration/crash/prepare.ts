import { createServices } from '../../../main/app/bootstrap.js';
import { seedShippedData } from '../../../main/app/seed.js';

/** A closed data directory with the shipped foods, catalog and KB loaded (keyword-only) and a profile "p". */
export async function prepareSeededDataDir(dataDir: string): Promise<string> {
  const services = await createServices({ dataDir, embedder: null });
  try {
    await seedShippedData(services, { demo: false });
    services.profiles.ensure('p', 'Crash test profile');
  } finally {
    await services.close();
  }
  return dataDir;
}

/** Keyword-only for the child process: no model directory, so nothing is embedded. */
export const keywordOnlyEnvironment = { CITA_MODEL_DIR: '/nonexistent/cita-model' };
