import { createHash } from 'node:crypto';
import type { EmbedderChoice } from '../../shared/contract/core.js';
import type { Settings } from '../../shared/settings.js';
import { endpointProblem } from '../core/key-endpoints.js';
import { createEnvironmentSecretStore, secretEnvironmentVariables, type SecretName, type SecretStore } from '../core/secrets.js';
import { createGeminiEmbedder, geminiDefaultBaseUrl, geminiEmbedderId } from './cloud/gemini-embedder.js';
import { createVoyageEmbedder, voyageDefaultBaseUrl, voyageEmbedderId } from './cloud/voyage-embedder.js';
import type { Embedder } from './embedder.js';
import { embedderThreads, queryWorkers } from './embedder-threads.js';
import { createLocalEmbedder } from './local-embedder.js';
import { localEmbedderId } from './local-embedder-id.js';
import { checkRowwiseGraph } from './rowwise-graph.js';
import { loadModelManifest, verifyModel } from './model-manifest.js';
import { createQueryCache, withQueryCache } from './query-cache.js';

export type EmbedderMode = 'local' | 'cloud' | 'keyword-only';

/** What `cita status` and every search report about the embedder, known without loading the model. */
export interface EmbedderDescription {
  id: string | null;
  mode: EmbedderMode;
  modelPath: string | null;
  modelSha256: string | null;
  /** Why the mode is degraded or differs from the settings, as a sentence for the user; null when all is well. */
  problem: string | null;
  /** Intra-op threads of a local model; absent for cloud and keyword-only. */
  threads?: number;
  /**
   * What selected this embedder and why (the contract's embedderChoiceSchema); the selection, not the outcome: a
   * selected local model that is missing still leaves the mode keyword-only. Absent for the multilingual path.
   */
  choice?: EmbedderChoice;
  /** A local q8 model's batching: equal-length batches through the rowwise graph, or one text at a time without it. */
  batching?: { mode: 'equal-length' | 'one-at-a-time'; problem: string | null };
}

export interface EmbeddingService {
  describe(): EmbedderDescription;
  /** The embedder, loaded on first use; null in keyword-only mode or when it could not be loaded. */
  get(): Promise<Embedder | null>;
  /** Drops the current embedder so the next `get` follows the settings (and the stored keys) again. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

type CloudProvider = 'gemini' | 'voyage';

export interface EmbeddingServiceOptions {
  modelDir: string;
  settings: () => Settings;
  /** Where cloud API keys come from; environment variables only when not given. */
  secrets?: SecretStore;
  /**
   * Cloud endpoints, for tests and proxies. Deliberately not a setting: whoever may change settings must not be
   * able to send the API key to another host. Defaults: CITA_GEMINI_BASE_URL / CITA_VOYAGE_BASE_URL, else the
   * providers' public endpoints.
   */
  cloudBaseUrls?: Partial<Record<CloudProvider, string>>;
  /** Tests about other behaviour inject a small deterministic embedder (or null for keyword-only). */
  override?: Embedder | null;
}

const providers: Record<CloudProvider, { label: string; id: string; secret: SecretName; baseUrlVariable: string; defaultBaseUrl: string }> = {
  gemini: { label: 'Gemini', id: geminiEmbedderId, secret: 'gemini_api_key', baseUrlVariable: 'CITA_GEMINI_BASE_URL', defaultBaseUrl: geminiDefaultBaseUrl },
  voyage: { label: 'Voyage', id: voyageEmbedderId, secret: 'voyage_api_key', baseUrlVariable: 'CITA_VOYAGE_BASE_URL', defaultBaseUrl: voyageDefaultBaseUrl },
};

/** What the settings and the keys resolve to right now. */
type Plan = ({ kind: 'none'; problem: string } | { kind: 'local'; dtype: 'q8' | 'fp32'; threads: number; note: string | null } | { kind: 'cloud'; provider: CloudProvider; apiKey: string }) & {
  reason: EmbedderChoice['reason'];
};

/**
 * Settings decide: provider "none" → keyword-only; "auto" → Voyage when a Voyage API key is stored (the KB decision
 * record's key-driven factory), else the local model, silently; "gemini"/"voyage" with a key → that cloud embedder,
 * without a key → the local model, with a note; "local" → the verified local model, or keyword-only with the reason
 * when it is missing or corrupt. Never a crash: failures become a degraded description. A failing cloud call is the retriever's to turn
 * into keyword results for that query.
 */
export function createEmbeddingService(options: EmbeddingServiceOptions): EmbeddingService {
  const secrets = options.secrets ?? createEnvironmentSecretStore();
  let local: { dtype: 'q8' | 'fp32'; threads: number; workers: number; loading: Promise<Embedder | null> } | undefined;
  let cloud: { key: string; embedder: Embedder } | undefined;
  let loadProblem: string | null = null;
  let verified: { key: string; description: EmbedderDescription } | undefined;
  // Repeated queries (a search typed again, a page reloaded) skip the model or the network; keyed by embedder id.
  const queryCache = createQueryCache(256);

  function describeLocal(dtype: 'q8' | 'fp32'): EmbedderDescription {
    const key = `${options.modelDir}|${dtype}`;
    if (verified?.key === key) return verified.description;
    const manifest = loadModelManifest();
    const verification = verifyModel(options.modelDir, { manifest });
    const rowwise = verification.ok && dtype === 'q8' ? checkRowwiseGraph(options.modelDir, manifest) : undefined;
    const batching: EmbedderDescription['batching'] = rowwise?.ok
      ? { mode: 'equal-length', problem: null }
      : rowwise
        ? { mode: 'one-at-a-time', problem: `${rowwise.problem}; run \`npm run model:fetch -- --only batching\`, then restart cita, to batch texts of one token length (the vectors stay the same)` }
        : undefined;
    const description: EmbedderDescription = verification.ok
      ? { id: localEmbedderId(manifest, dtype), mode: 'local', modelPath: options.modelDir, modelSha256: verification.sha256, problem: null, ...(batching ? { batching } : {}) }
      : { id: null, mode: 'keyword-only', modelPath: options.modelDir, modelSha256: null, problem: verification.problem };
    verified = { key, description };
    return description;
  }

  function plan(): Plan {
    const settings = options.settings().embedder;
    if (settings.provider === 'none') return { kind: 'none', problem: 'semantic search is switched off in the settings', reason: 'settings' };
    const threads = embedderThreads(settings.threads);
    if (settings.provider === 'local') return { kind: 'local', dtype: settings.dtype, threads, note: null, reason: 'settings' };
    const automatic = settings.provider === 'auto';
    const name: CloudProvider = settings.provider === 'auto' ? 'voyage' : settings.provider;
    const provider = providers[name];
    let apiKey: string | undefined;
    let unreadable: string | null = null;
    try {
      apiKey = secrets.get(provider.secret);
    } catch (error) {
      unreadable = (error as Error).message;
    }
    if (apiKey) {
      const refused = endpointProblem(baseUrlOf(name), options.cloudBaseUrls?.[name] ? `the ${provider.label} endpoint` : provider.baseUrlVariable);
      if (!refused) return { kind: 'cloud', provider: name, apiKey, reason: automatic ? 'voyage_key' : 'settings' };
      return { kind: 'local', dtype: settings.dtype, threads, note: `the ${provider.label} API key is not sent: ${refused}; the local model is used instead`, reason: 'fallback' };
    }
    // Automatic without a key is the ordinary offline case: the local model, nothing to report.
    if (automatic && unreadable === null) return { kind: 'local', dtype: settings.dtype, threads, note: null, reason: 'no_voyage_key' };
    const why = unreadable ?? `no ${provider.label} API key is configured (set ${secretEnvironmentVariables[provider.secret]} or store one in the app)`;
    return { kind: 'local', dtype: settings.dtype, threads, note: `${why}; the local model is used instead`, reason: 'fallback' };
  }

  function describe(): EmbedderDescription {
    if (options.override !== undefined) {
      return options.override
        ? { id: options.override.id, mode: 'local', modelPath: null, modelSha256: null, problem: null, choice: { provider: 'local', reason: 'settings' } }
        : { id: null, mode: 'keyword-only', modelPath: null, modelSha256: null, problem: 'semantic search is switched off', choice: { provider: 'none', reason: 'settings' } };
    }
    const current = plan();
    switch (current.kind) {
      case 'none':
        return { id: null, mode: 'keyword-only', modelPath: null, modelSha256: null, problem: current.problem, choice: { provider: 'none', reason: current.reason } };
      case 'cloud':
        return { id: providers[current.provider].id, mode: 'cloud', modelPath: null, modelSha256: null, problem: null, choice: { provider: current.provider, reason: current.reason } };
      case 'local': {
        const choice: EmbedderChoice = { provider: 'local', reason: current.reason };
        const described = describeLocal(current.dtype);
        if (described.mode === 'local' && loadProblem) return { ...described, id: null, mode: 'keyword-only', problem: loadProblem, choice };
        const description = described.mode === 'local' ? { ...described, threads: current.threads, choice } : { ...described, choice };
        if (!current.note) return description;
        return { ...description, problem: description.problem ? `${current.note}, but ${description.problem}` : current.note };
      }
    }
  }

  function baseUrlOf(provider: CloudProvider): string {
    const entry = providers[provider];
    return options.cloudBaseUrls?.[provider] ?? (process.env[entry.baseUrlVariable]?.trim() || entry.defaultBaseUrl);
  }

  function cloudEmbedder(provider: CloudProvider, apiKey: string): Embedder {
    const settings = options.settings().embedder;
    const baseUrl = baseUrlOf(provider);
    // Keyed by a digest of the key, so a key stored while running takes effect; the key itself is not kept here.
    const key = [provider, baseUrl, settings.cloud_timeout_ms, settings.cloud_batch_size, settings.cloud_pause_ms, createHash('sha256').update(apiKey).digest('hex')].join('|');
    if (cloud?.key === key) return cloud.embedder;
    const build = provider === 'gemini' ? createGeminiEmbedder : createVoyageEmbedder;
    const embedder = withQueryCache(
      build({
        apiKey,
        baseUrl,
        timeoutMs: settings.cloud_timeout_ms,
        pacing: { batchSize: settings.cloud_batch_size, pauseMs: settings.cloud_pause_ms },
      }),
      queryCache,
    );
    cloud = { key, embedder };
    return embedder;
  }

  return {
    describe,
    get() {
      if (options.override !== undefined) return Promise.resolve(options.override);
      const current = plan();
      if (current.kind === 'none') return Promise.resolve(null);
      if (current.kind === 'cloud') return Promise.resolve(cloudEmbedder(current.provider, current.apiKey));
      if (describe().mode === 'keyword-only') return Promise.resolve(null);
      const workers = queryWorkers(options.settings().embedder.query_workers);
      if (local?.dtype !== current.dtype || local.threads !== current.threads || local.workers !== workers) {
        const previous = local?.loading;
        void previous?.then((embedder) => embedder?.close());
        local = {
          dtype: current.dtype,
          threads: current.threads,
          workers,
          loading: createLocalEmbedder({ modelDir: options.modelDir, dtype: current.dtype, threads: current.threads, queryWorkers: workers }).then(
            (embedder) => withQueryCache(embedder, queryCache),
            (error: unknown) => {
              loadProblem = `the local model could not be loaded (${(error as Error).message})`;
              return null;
            },
          ),
        };
      }
      return local.loading;
    },
    async reset() {
      const previous = local?.loading;
      local = undefined;
      cloud = undefined;
      loadProblem = null;
      verified = undefined;
      queryCache.clear();
      await (await previous)?.close();
    },
    async close() {
      await (await local?.loading)?.close();
      local = undefined;
      cloud = undefined;
    },
  };
}
