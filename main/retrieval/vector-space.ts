/** Where one corpus's vectors for one embedder and text formula live. */
export interface VectorSpace {
  id: number;
  corpus: string;
  embedderId: string;
  formula: string;
  dimensions: number;
  table: string;
}
