import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { modelFilesManifestSchema, parseManifestWith } from '../embedding/model-manifest.js';

const rerankerManifestSchema = modelFilesManifestSchema.extend({
  upstream: z.string().optional(),
  export: z.string().optional(),
  /** The only weights the package ships: dynamic INT8, loaded by transformers.js as dtype q8. */
  dtype: z.literal('q8'),
  /** The model's position-embedding limit: no pair may be longer, whatever the reranker's max tokens. */
  maxPositions: z.number().int().positive(),
});

export type RerankerManifest = z.infer<typeof rerankerManifestSchema>;

/** Checks a reranker manifest read from anywhere (the shipped one, or a test's). */
export function parseRerankerManifest(value: unknown): RerankerManifest {
  return parseManifestWith(rerankerManifestSchema, value, 'reranker');
}

/** The pinned cross-encoder manifest shipped next to this file (tsc copies it to dist/ as well). */
export function loadRerankerManifest(): RerankerManifest {
  const text = readFileSync(new URL('./reranker-manifest.json', import.meta.url), 'utf8');
  return parseRerankerManifest(JSON.parse(text));
}
