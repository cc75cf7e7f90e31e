/**
 * Messages between the process's one model worker thread and its host (model-worker.ts). Every ONNX model of the
 * process runs in that one thread: onnxruntime-node 1.21 crashes the whole process ("Entering the V8 API without
 * proper locking") when sessions in two worker threads run inference, so the embedder, the reranker and the multilingual embedder share it.
 */
import type { EmbeddingSessionConfig } from './embedding-session.js';
import type { MultilingualSessionConfig } from './multilingual-session.js';
import type { OnnxCeilingInput, OnnxCeilingOutput, OnnxCeilingSessionConfig } from './onnx-ceiling-session.js';
import type { RerankingInput, RerankingOutput, RerankingSessionConfig } from './reranking-session.js';
import type { WorkerSession } from './worker-session.js';

/** What each kind of session is opened with, is given and answers. */
export interface ModelKinds {
  embedding: { config: EmbeddingSessionConfig; input: string[]; output: Float32Array };
  reranking: { config: RerankingSessionConfig; input: RerankingInput; output: RerankingOutput };
  multilingual: { config: MultilingualSessionConfig; input: string[]; output: Float32Array };
  /** `cita bench`'s direct onnxruntime-node run of the embedding model (the ceiling the embedder is measured against). */
  ceiling: { config: OnnxCeilingSessionConfig; input: OnnxCeilingInput; output: OnnxCeilingOutput };
}
export type ModelKind = keyof ModelKinds;

/** Kinds whose input is a list of texts and whose output is one row per text, so queued runs can share one call. */
export const textBatchKinds: readonly ModelKind[] = ['embedding', 'multilingual'];

/**
 * How the worker orders a run: writes (a food added, an ingest batch) go before every queued read, so a write never
 * waits behind query embeddings; reads marked `merge` that are queued together run as one call when the worker is free.
 */
export interface RunOrder {
  priority: 'write' | 'read';
  /** Only for text kinds whose vectors do not depend on their neighbours in a call (the session's own batching). */
  merge: boolean;
}

export type ModelWorkerRequest =
  | { type: 'open'; session: number; kind: ModelKind; config: ModelKinds[ModelKind]['config'] }
  | { type: 'run'; id: number; session: number; input: ModelKinds[ModelKind]['input']; order: RunOrder }
  | { type: 'cancel'; id: number }
  | { type: 'release'; session: number };

export type ModelWorkerReply =
  | { type: 'opened'; session: number }
  | { type: 'open-failed'; session: number; message: string }
  | { type: 'result'; id: number; output: ModelKinds[ModelKind]['output'] }
  | { type: 'error'; id: number; message: string; cancelled: boolean }
  | { type: 'released'; session: number };

/** The worker thread's session of one kind: it is given and answers what `ModelKinds` says for that kind. */
export type WorkerSessionOf<K extends ModelKind> = WorkerSession<ModelKinds[K]['input'], ModelKinds[K]['output']>;
