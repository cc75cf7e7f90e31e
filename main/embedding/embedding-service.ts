import type { Settings } from '../../shared/settings.js';
import type { Embedder } from './embedder.js';
import { createLocalEmbedder } from './local-embedder.js';
import { localEmbedderId } from './local-embedder-id.js';
import { loadModelManifest, verifyModel } from './model-manifest.js';

export type EmbedderMode = 'local' | 'cloud' | 'keyword-only';

/** What `cita status` and every search report about the embedder, known without loading the model. */
export interface EmbedderDescription {
  id: string | null;
  mode: EmbedderMode;
  modelPath: string | null;
  modelSha256: string | null;
  /** Why the mode is degraded, as a sentence for the user; null when all is well. */
  problem: string | null;
}

export interface EmbeddingService {
  describe(): EmbedderDescription;
  /** The embedder, loaded on first use; null in keyword-only mode or when it could not be loaded. */
  get(): Promise<Embedder | null>;
  /** Drops the current embedder so the next `get` follows the settings again. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface EmbeddingServiceOptions {
  modelDir: string;
  settings: () => Settings;
  /** Tests about other behaviour inject a small deterministic embedder (or null for keyword-only). */
  override?: Embedder | null;
}

/**
 * Settings decide: provider "none" → keyword-only; "local" → the verified local model, or keyword-only with the
 * reason when it is missing or corrupt. Never a crash: failures become a degraded description.
 */
export function createEmbeddingService(options: EmbeddingServiceOptions): EmbeddingService {
  let loading: Promise<Embedder | null> | undefined;
  let loadProblem: string | null = null;
  let verified: { key: string; description: EmbedderDescription } | undefined;

  function describeLocal(dtype: 'q8' | 'fp32'): EmbedderDescription {
    const key = `${options.modelDir}|${dtype}`;
    if (verified?.key === key) return verified.description;
    const manifest = loadModelManifest();
    const verification = verifyModel(options.modelDir, { manifest });
    const description: EmbedderDescription = verification.ok
      ? { id: localEmbedderId(manifest, dtype), mode: 'local', modelPath: options.modelDir, modelSha256: verification.sha256, problem: null }
      : { id: null, mode: 'keyword-only', modelPath: options.modelDir, modelSha256: null, problem: verification.problem };
    verified = { key, description };
    return description;
  }

  function describe(): EmbedderDescription {
    if (options.override !== undefined) {
      return options.override
        ? { id: options.override.id, mode: 'local', modelPath: null, modelSha256: null, problem: null }
        : { id: null, mode: 'keyword-only', modelPath: null, modelSha256: null, problem: 'semantic search is switched off' };
    }
    const settings = options.settings().embedder;
    if (settings.provider === 'none') {
      return { id: null, mode: 'keyword-only', modelPath: null, modelSha256: null, problem: 'semantic search is switched off in the settings' };
    }
    // Cloud providers fall back to the local model until their keys are configured (SPEC §2 factory).
    const local = describeLocal(settings.dtype);
    return loadProblem && local.mode === 'local' ? { ...local, id: null, mode: 'keyword-only', problem: loadProblem } : local;
  }

  return {
    describe,
    get() {
      if (options.override !== undefined) return Promise.resolve(options.override);
      const description = describe();
      if (description.mode === 'keyword-only') return Promise.resolve(null);
      loading ??= createLocalEmbedder({ modelDir: options.modelDir, dtype: options.settings().embedder.dtype }).catch((error: unknown) => {
        loadProblem = `the local model could not be loaded (${(error as Error).message})`;
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
