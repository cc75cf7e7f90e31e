import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { SearchHit } from '../../../shared/contract.js';
import type { EvaluationCase } from '../corpus-module.js';
import { AppError } from '../../core/errors.js';
import { packageRoot } from '../../paths.js';

/** The shipped evaluation set: 20 analyst queries, each with the source expected among the top hits. */
export function catalogEvaluationPath(): string {
  return join(packageRoot(), 'kb', 'eval', 'catalog.json');
}

const evaluationFileSchema = z.object({
  version: z.literal(1),
  queries: z.array(z.object({ id: z.string().min(1), query: z.string().min(1), expected_source: z.string().min(1) })).min(1),
});

/** `kb/eval/catalog.json` as evaluation cases: `{id, query, expected: [expected_source]}`. */
export function loadCatalogEvaluation(path: string = catalogEvaluationPath()): EvaluationCase[] {
  let parsed;
  try {
    parsed = evaluationFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    throw new AppError('invalid_input', `Cannot read the catalog evaluation set ${path}: ${(error as Error).message}`);
  }
  if (!parsed.success) {
    throw new AppError(
      'invalid_input',
      `The catalog evaluation set ${path} is malformed.`,
      parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(top)'}: ${issue.message}`),
    );
  }
  return parsed.data.queries.map((query) => ({ id: query.id, query: query.query, expected: [query.expected_source] }));
}

/** A catalog hit counts for the source it cites. */
export function catalogItemOf(hit: SearchHit): string {
  return hit.source;
}
