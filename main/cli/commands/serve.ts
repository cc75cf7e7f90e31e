import { join } from 'node:path';
import { storageFailure } from '../../core/errors.js';
import { seedShippedData } from '../../app/seed.js';
import { untilAborted } from '../../app/shutdown-signals.js';
import { packageRoot } from '../../paths.js';
import { startHttpServer, type RunningServer } from '../../server/http-server.js';
import { createDataDirTokenService } from '../../server/tokens.js';
import type { CorpusModule } from '../../corpora/corpus-module.js';
import { integerFlag, type Command } from '../command.js';

/** The port `cita serve` (and so `npm start`) uses unless told otherwise. */
const defaultPort = 4780;

/** What the start-up line calls each module that can live on PostgreSQL. */
const postgresNames: Record<string, string> = { catalog: 'the data catalog', kb: 'the clinical KB', diary: "the diary's entries and targets" };

/**
 * Only the catalog, the KB and the diary's entries and targets move to PostgreSQL today: the line that says so where
 * the team starts the server, or undefined when everything is in the SQLite file.
 */
export function storageSentence(modules: readonly Pick<CorpusModule, 'name' | 'storage' | 'rowStorage'>[], databaseFile: string): string | undefined {
  const onPostgres = modules.filter((module) => module.storage ?? module.rowStorage);
  const storage = onPostgres[0]?.storage ?? onPostgres[0]?.rowStorage;
  if (!storage) return undefined;
  const names = onPostgres.map((module) => postgresNames[module.name] ?? `the ${module.name} corpus`);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] as string);
  return `${listed} ${onPostgres.length > 1 ? 'are' : 'is'} on ${storage.label}; foods, the manuals, settings and profiles stay in ${databaseFile}`;
}

/** `cita serve`: the local HTTP API and the renderer, on 127.0.0.1 only. */
export const serveCommand: Command = {
  words: ['serve'],
  summary: 'Serve the local HTTP API and the app in a browser (127.0.0.1 only, token auth)',
  usage:
    'cita serve [--port N] [--seed] [--data-dir DIR] [--database postgres://…] [--json]   (--port 0 picks a free port, as does a busy default 4780; --seed loads the shipped data, and the demo profile into a new data directory, in the background once listening)',
  options: { port: { type: 'string' }, seed: { type: 'boolean' } },
  stopsOnSignal: true,
  async run(context) {
    const requestedPort = integerFlag(context.values, 'port', { min: 0, max: 65535 });
    const services = await context.services();
    // Stopped while starting: nothing was served yet; runCli closes the services and removes the running mark.
    if (context.stopSignal.aborted) return 0;
    // Follows the data directory: `cita token revoke` takes effect here at the next request.
    const tokens = createDataDirTokenService(services.dataDir);
    const serve = (port: number) => startHttpServer({ dispatcher: services.dispatcher, tokens, events: services.events, rendererDir: join(packageRoot(), 'dist', 'renderer'), port });
    let server: RunningServer;
    try {
      server = await serve(requestedPort ?? defaultPort);
    } catch (error) {
      // `npm start` names no port: a busy default (another cita, another app) is no reason not to start.
      if (requestedPort !== undefined || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      context.progress(`port ${defaultPort} is in use; serving on a free port instead`);
      server = await serve(0);
    }
    const token = await tokens.sign({ role: 'editor' });
    const openUrl = `${server.url}#token=${token}`;
    const where = storageSentence(services.modules, services.databaseFile);
    if (where) context.progress(where);
    context.print({ url: server.url, token, open_url: openUrl }, `cita is serving ${server.url}\nopen in a browser: ${openUrl}\n(Ctrl+C to stop)`);
    // Serving first, loading after: the app answers at once and shows the embedding's progress as it goes.
    const seeding =
      context.values.seed === true
        ? seedShippedData(services, { demo: 'first-run', signal: context.stopSignal, onProgress: context.progress })
            .then((result) => context.progress(result.stopped ? 'loading the shipped data stopped; the next start resumes it' : 'shipped data loaded'))
            .catch((error: unknown) => context.progress(`loading the shipped data failed: ${(storageFailure(error) ?? (error as Error)).message}`))
        : Promise.resolve();
    await untilAborted(context.stopSignal);
    await server.close();
    // Seeding notices the signal at its next step (a running embedding is cancelled); the services close after it.
    await seeding;
    return 0;
  },
};
