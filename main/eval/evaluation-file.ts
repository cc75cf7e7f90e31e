import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { EvaluationCase } from '../app/corpus-module.js';
import { packageRoot } from '../paths.js';

const evaluationFileSchema = z.object({
  version: z.literal(1),
  queries: z.array(z.object({ id: z.string(), query: z.string().min(1), expected: z.array(z.string()) })).min(1),
});

/** Reads `kb/eval/<name>.json` (queries with the item keys that answer them), validated. */
export function loadEvaluationFile(name: string): EvaluationCase[] {
  const file = join(packageRoot(), 'kb', 'eval', `${name}.json`);
  const parsed = evaluationFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a valid evaluation file: ${parsed.error.issues[0]?.message}`);
  return parsed.data.queries.map((entry) => ({ id: entry.id, query: entry.query, expected: entry.expected }));
}
