import type { Settings } from '../../shared/settings.js';
import type { Embedder } from './embedder.js';
import type { EmbedderDescription, EmbeddingService } from './embedding-service.js';
import { queryWorkers } from './embedder-threads.js';
import { verifyModel } from './model-manifest.js';
import { createMultilingualEmbedder, multilingualEmbedderId } from './multilingual-embedder.js';
import { loadMultilingualManifest } from './multilingual-manifest.js';

export interface MultilingualServiceOptions {
  modelDir: string;
  settings: () => Settings;
  /** Tests inject a small deterministic embedder, or null for no cross-language path. */
  override?: Embedder | null;
}

/**
 * The cross-language path's embedder, with the same face as the main embedding service so a corpus's second
 * retriever (its own vector space, keyed by this embedder's id) is built the same way. Off when the setting says so,
 * or when the model is missing or corrupt: then every search works as without it, and `describe` says why.
 */
export function createMultilingualService(options: MultilingualServiceOptions): EmbeddingService {
  let verified: EmbedderDescription | undefined;
  let loading: Promise<Embedder | null> | undefined;
  let loadProblem: string | null = null;

  function describeModel(): EmbedderDescription {
    if (verified) return verified;
    const manifest = loadMultilingualManifest();
    const verification = verifyModel(options.modelDir, { manifest });
    verified = verification.ok
      ? { id: multilingualEmbedderId(manifest), mode: 'local', modelPath: options.modelDir, modelSha256: verification.sha256, problem: null }
      : {
          id: null,
          mode: 'keyword-only',
          modelPath: options.modelDir,
          modelSha256: null,
          problem: `no cross-language search: ${verification.problem} (\`npm run model:fetch -- --only multilingual\`)`,
        };
    return verified;
  }

  function describe(): EmbedderDescription {
    if (!options.settings().language.cross_language) {
      return { id: null, mode: 'keyword-only', modelPath: null, modelSha256: null, problem: 'cross-language search is switched off in the settings' };
    }
    if (options.override !== undefined) {
      return options.override
        ? { id: options.override.id, mode: 'local', modelPath: null, modelSha256: null, problem: null }
        : { id: null, mode: 'keyword-only', modelPath: null, modelSha256: null, problem: 'cross-language search is switched off (no multilingual embedder was given)' };
    }
    const description = describeModel();
    if (description.mode === 'local' && loadProblem) return { ...description, id: null, mode: 'keyword-only', problem: loadProblem };
    return description;
  }

  return {
    describe,
    get() {
      if (describe().mode !== 'local') return Promise.resolve(null);
      if (options.override !== undefined) return Promise.resolve(options.override);
      loading ??= createMultilingualEmbedder({ modelDir: options.modelDir, queryWorkers: queryWorkers(options.settings().embedder.query_workers) }).catch((error: unknown) => {
        loadProblem = `no cross-language search: the multilingual model could not be loaded (${(error as Error).message})`;
        return null;
      });
      return loading;
    },
    async reset() {
      const previous = loading;
      loading = undefined;
      loadProblem = null;
      verified = undefined;
      await (await previous)?.close();
    },
    async close() {
      await (await loading)?.close();
      loading = undefined;
    },
  };
}
