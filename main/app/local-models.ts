import { resolve } from 'node:path';
import { fetchModel, type FetchedModel, type FetchModelOptions } from '../embedding/model-fetch.js';
import { loadModelManifest, type ModelFilesManifest } from '../embedding/model-manifest.js';
import { fetchMultilingualModel } from '../embedding/multilingual-fetch.js';
import { deriveRowwiseGraph } from '../embedding/rowwise-graph.js';
import { loadMultilingualManifest } from '../embedding/multilingual-manifest.js';
import { defaultModelDir, defaultMultilingualDir, defaultRerankerDir } from '../paths.js';
import { loadRerankerManifest } from '../reranking/reranker-manifest.js';

/** The local models cita can fetch, in the order they are fetched. */
export const localModelNames = ['embedder', 'reranker', 'multilingual', 'batching'] as const;
export type LocalModelName = (typeof localModelNames)[number];

interface LocalModel {
  name: LocalModelName;
  title: string;
  manifest: () => ModelFilesManifest;
  defaultDir: () => string;
  /** How this model is placed when the caller does not replace the fetch (the multilingual one is converted). */
  fetch?: (options: FetchModelOptions) => Promise<FetchedModel>;
}

const localModels: readonly LocalModel[] = [
  { name: 'embedder', title: 'embedding model bge-small-en-v1.5', manifest: loadModelManifest, defaultDir: defaultModelDir },
  { name: 'reranker', title: 'reranker ms-marco-MiniLM-L-12-v2', manifest: loadRerankerManifest, defaultDir: defaultRerankerDir },
  {
    name: 'multilingual',
    title: 'multilingual embedder USE-multilingual-v3',
    manifest: loadMultilingualManifest,
    defaultDir: defaultMultilingualDir,
    // The manifest it is handed is this entry's own (loadMultilingualManifest); the fetch reads it again, typed.
    fetch: ({ manifest: _manifest, ...options }) => fetchMultilingualModel(options),
  },
  {
    // Derived from the embedder's q8 file, into the embedder's directory (a `from` has nothing to offer it): optional to
    // the embedder, whose q8 texts otherwise run alone.
    name: 'batching',
    title: "embedder's batching graph (bge-small-en-v1.5 q8, each text quantized on its own)",
    manifest: loadModelManifest,
    defaultDir: defaultModelDir,
    // The manifest it is handed is the embedder's (loadModelManifest); the derivation reads it again, typed.
    fetch: ({ manifest: _manifest, from: _from, ...options }) => deriveRowwiseGraph(options),
  },
];

export interface FetchLocalModelsOptions {
  /**
   * One model only; all of them when absent (unless `from` or `modelDir` is given, which name one model: the embedder;
   * its batching graph is then a step of its own, `--only batching`, which needs python3 and pip).
   */
  only?: LocalModelName;
  from?: string;
  modelDir?: string;
  force?: boolean;
  signal?: AbortSignal;
  onProgress?: (model: LocalModelName, message: string) => void;
  /** Tests replace the fetch itself. */
  fetch?: (options: FetchModelOptions) => Promise<FetchedModel>;
}

export type LocalModelOutcome =
  { model: LocalModelName; title: string; ok: true; seconds: number; fetched: FetchedModel } | { model: LocalModelName; title: string; ok: false; seconds: number; message: string };

/**
 * Fetches and verifies the local models one after the other. A failure is recorded and the next model is still
 * attempted, so one unreachable registry never hides the other models; only a cancel stops the run.
 */
export async function fetchLocalModels(options: FetchLocalModelsOptions = {}): Promise<LocalModelOutcome[]> {
  const single = options.only ?? (options.from !== undefined || options.modelDir !== undefined ? 'embedder' : undefined);
  const outcomes: LocalModelOutcome[] = [];
  for (const model of localModels.filter((candidate) => single === undefined || candidate.name === single)) {
    options.signal?.throwIfAborted();
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const fetch = options.fetch ?? model.fetch ?? fetchModel;
      const fetched = await fetch({
        modelDir: options.modelDir !== undefined ? resolve(options.modelDir) : model.defaultDir(),
        manifest: model.manifest(),
        ...(options.from !== undefined ? { from: resolve(options.from) } : {}),
        force: options.force ?? false,
        ...(options.signal ? { signal: options.signal } : {}),
        onProgress: (message) => options.onProgress?.(model.name, message),
      });
      outcomes.push({ model: model.name, title: model.title, ok: true, seconds: seconds(), fetched });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      outcomes.push({ model: model.name, title: model.title, ok: false, seconds: seconds(), message: (error as Error).message });
    }
  }
  return outcomes;
}

/** Reads `--only`; undefined when absent, an Error naming the choices when unknown. */
export function parseOnlyFlag(value: unknown): LocalModelName | undefined | Error {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (localModelNames as readonly string[]).includes(value)) return value as LocalModelName;
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a flag's value as the user typed it (a string or a boolean)
  return new Error(`--only must be ${localModelNames.join(' or ')} (got "${String(value)}")`);
}
