import { join } from 'node:path';
import { openDatabase, type Database } from '../db/connection.js';
import { createSettingsRepository } from '../db/repositories/settings-repository.js';
import { createDispatcher, type Dispatcher } from '../api/dispatch.js';
import type { Handlers } from '../api/handlers.js';
import { schemaVersion } from '../db/migrator.js';
import { appVersion } from '../paths.js';
import { createEventBus, type EventBus } from './event-bus.js';
import { createSettingsService, type SettingsService } from './settings-service.js';
import type { Seeder } from './seed.js';

export interface ServiceOptions {
  dataDir: string;
}

/** Everything stateful, built once and passed around; nothing lives in module state. */
export interface Services {
  dataDir: string;
  databaseFile: string;
  db: Database;
  settings: SettingsService;
  events: EventBus;
  dispatcher: Dispatcher;
  seeders: Seeder[];
  close(): Promise<void>;
}

/** The database file inside a data directory. */
export function databaseFileOf(dataDir: string): string {
  return join(dataDir, 'cita.sqlite');
}

/** Builds and wires every service for one data directory. */
export async function createServices(options: ServiceOptions): Promise<Services> {
  const databaseFile = databaseFileOf(options.dataDir);
  const db = openDatabase(databaseFile);
  const settings = createSettingsService(createSettingsRepository(db));
  const events = createEventBus();
  const handlers: Handlers = {
    status: () => ({
      app: { version: appVersion(), data_dir: options.dataDir, database: databaseFile, schema_version: schemaVersion(db) },
      embedder: { id: null, mode: 'keyword-only', model_path: null, model_sha256: null, problem: 'the local embedder is not wired yet' },
      corpora: [],
    }),
    'settings.get': () => settings.get(),
    'settings.update': (patch) => settings.update(patch),
  };
  return {
    dataDir: options.dataDir,
    databaseFile,
    db,
    settings,
    events,
    dispatcher: createDispatcher(handlers),
    seeders: [],
    async close() {
      db.close();
    },
  };
}
