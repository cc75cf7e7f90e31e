/** What every embedder (local model, cloud provider) offers to retrieval. */
export interface Embedder {
  /** Pins everything that changes the vectors: provider, model, dims, dtype, query prefix, text formula. */
  readonly id: string;
  readonly dimensions: number;
  /** How the re-embed job should pace this embedder unless told otherwise (cloud quotas); absent = no pause. */
  readonly pacing?: EmbedderPacing;
  /** Passages: no prefix. Output vectors are L2-normalised Float32Arrays of `dimensions`. */
  embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
  /** Queries: the model's query prefix (BGE: "Represent this sentence for searching relevant passages: "). */
  embedQuery(text: string, signal?: AbortSignal): Promise<Float32Array>;
  /** Releases workers and sessions. */
  close(): Promise<void>;
}

/** Texts per call and pause between calls, for providers with per-minute quotas. */
export interface EmbedderPacing {
  batchSize: number;
  pauseMs: number;
}
