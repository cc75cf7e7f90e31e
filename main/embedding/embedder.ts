/** What every embedder (local model, cloud provider) offers to retrieval. */
export interface Embedder {
  /** Pins everything that changes the vectors: provider, model, dims, dtype, query prefix, text formula. */
  readonly id: string;
  readonly dimensions: number;
  /** Passages: no prefix. Output vectors are L2-normalised Float32Arrays of `dimensions`. */
  embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
  /** Queries: the model's query prefix (BGE: "Represent this sentence for searching relevant passages: "). */
  embedQuery(text: string, signal?: AbortSignal): Promise<Float32Array>;
  /** Releases workers and sessions. */
  close(): Promise<void>;
}
