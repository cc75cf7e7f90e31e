import { verifyModel } from '../embedding/model-manifest.js';
import { createLocalReranker, type LocalReranker } from './local-reranker.js';
import type { Reranker } from './reranker.js';
import { localRerankerId } from './reranker-id.js';
import { loadRerankerManifest, type RerankerManifest } from './reranker-manifest.js';

export type RerankerMode = 'local' | 'off';

/** What `cita status` reports about the reranker, known without loading the model. */
export interface RerankerDescription {
  id: string | null;
  mode: RerankerMode;
  model_path: string | null;
  model_sha256: string | null;
  /** Why the reranker is off, as a sentence for the user; null when all is well. */
  problem: string | null;
}

export interface RerankerService {
  describe(): RerankerDescription;
  /** The reranker, loaded on first use; null when it is off (missing or corrupt model, or a failed load). Never throws. */
  get(): Promise<Reranker | null>;
  close(): Promise<void>;
}

export interface RerankerServiceOptions {
  modelDir: string;
  maxTokens?: number;
  batchSize?: number;
  /** Intra-op threads, read when the model loads (the app passes the embedder's setting: both run in one worker). */
  threads?: number | (() => number);
  /** Tests pass a fake; the app uses the shipped one. */
  manifest?: RerankerManifest;
  /** Tests about other behaviour inject a small deterministic reranker (or null for no reranking). */
  override?: Reranker | null;
}

/**
 * The local cross-encoder when its verified files are in place, else off with the reason. Verification (size and
 * SHA-256 of every file, ~0.1 s) runs once; a model that fails to load in the worker turns the service off too.
 */
export function createRerankerService(options: RerankerServiceOptions): RerankerService {
  let verified: RerankerDescription | undefined;
  let loading: Promise<LocalReranker | null> | undefined;
  let loadProblem: string | null = null;

  function describeLocal(): RerankerDescription {
    if (verified) return verified;
    const off = (problem: string): RerankerDescription => ({ id: null, mode: 'off', model_path: options.modelDir, model_sha256: null, problem });
    try {
      const manifest = options.manifest ?? loadRerankerManifest();
      const verification = verifyModel(options.modelDir, { manifest });
      verified = verification.ok
        ? {
            id: localRerankerId(manifest, options),
            mode: 'local',
            model_path: options.modelDir,
            model_sha256: verification.sha256,
            problem: null,
          }
        : off(`reranking is off: ${verification.problem}`);
    } catch (error) {
      verified = off(`reranking is off: ${(error as Error).message}`);
    }
    return verified;
  }

  function describe(): RerankerDescription {
    if (options.override !== undefined) {
      return options.override
        ? { id: options.override.id, mode: 'local', model_path: null, model_sha256: null, problem: null }
        : { id: null, mode: 'off', model_path: null, model_sha256: null, problem: 'reranking is switched off' };
    }
    const description = describeLocal();
    if (description.mode === 'local' && loadProblem) return { ...description, id: null, mode: 'off', problem: loadProblem };
    return description;
  }

  return {
    describe,
    get() {
      if (options.override !== undefined) return Promise.resolve(options.override);
      if (describe().mode === 'off') return Promise.resolve(null);
      loading ??= createLocalReranker({ modelDir: options.modelDir, ...sizeOptions(options), ...(options.manifest ? { manifest: options.manifest } : {}) }).catch((error: unknown) => {
        loadProblem = `reranking is off: the reranker model could not be loaded (${(error as Error).message})`;
        return null;
      });
      return loading;
    },
    async close() {
      const current = loading;
      loading = undefined;
      await (await current)?.close();
    },
  };
}

function sizeOptions(options: RerankerServiceOptions): { maxTokens?: number; batchSize?: number; threads?: number } {
  return {
    ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
    ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
    ...(options.threads !== undefined ? { threads: typeof options.threads === 'function' ? options.threads() : options.threads } : {}),
  };
}
