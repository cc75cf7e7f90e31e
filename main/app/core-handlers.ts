import type { Corpus } from '../../shared/contract.js';
import type { HandlerSlice } from '../api/handlers.js';
import type { Database } from '../db/connection.js';
import { schemaVersion } from '../db/migrator.js';
import type { EmbeddingService } from '../embedding/embedding-service.js';
import { appVersion } from '../paths.js';
import type { VectorCounts } from '../retrieval/vector-bookkeeping.js';
import type { SettingsService } from './settings-service.js';

/** Status and settings: the operations every build has. */
export function coreHandlers(deps: {
  db: Database;
  dataDir: string;
  databaseFile: string;
  settings: SettingsService;
  embedding: EmbeddingService;
  corpusCounts: Partial<Record<Corpus, () => VectorCounts>>;
}): HandlerSlice<'status' | 'settings.get' | 'settings.update'> {
  return {
    status: () => {
      const embedder = deps.embedding.describe();
      return {
        app: { version: appVersion(), data_dir: deps.dataDir, database: deps.databaseFile, schema_version: schemaVersion(deps.db) },
        embedder: { id: embedder.id, mode: embedder.mode, model_path: embedder.modelPath, model_sha256: embedder.modelSha256, problem: embedder.problem },
        corpora: Object.entries(deps.corpusCounts).map(([corpus, counts]) => ({ corpus, ...(counts as () => VectorCounts)() })),
      };
    },
    'settings.get': () => deps.settings.get(),
    'settings.update': (patch) => deps.settings.update(patch),
  };
}
