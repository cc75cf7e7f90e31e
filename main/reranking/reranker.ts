/** What every reranker offers to retrieval: a relevance score for each (query, passage) pair. */
export interface Reranker {
  /** Pins everything that changes the scores: model, dtype, max tokens, batch size when it matters, pair formula. */
  readonly id: string;
  /**
   * Raw relevance logits (higher = more relevant), one per passage, in passage order. Not probabilities, and not
   * comparable across reranker ids.
   */
  score(query: string, passages: readonly string[], options?: { signal?: AbortSignal }): Promise<number[]>;
}
