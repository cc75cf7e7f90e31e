import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { EvaluationCase } from '../app/corpus-module.js';
import { AppError } from '../app/errors.js';
import { packageRoot } from '../paths.js';

const evaluationFileSchema = z.object({
  version: z.literal(1),
  queries: z.array(z.object({ id: z.string(), query: z.string().min(1), expected: z.array(z.string()), subset: z.string().min(1).optional() })).min(1),
});

/** Reads `kb/eval/<name>.json` (queries with the item keys that answer them), validated. */
export function loadEvaluationFile(name: string): EvaluationCase[] {
  return loadEvaluationPath(join(packageRoot(), 'kb', 'eval', `${name}.json`));
}

/** Reads an evaluation file from any path (`cita eval --set FILE`); a missing or malformed file is a clear error. */
export function loadEvaluationPath(file: string): EvaluationCase[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new AppError('invalid_input', `Cannot read the evaluation file ${file}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AppError('invalid_input', `${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = evaluationFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('invalid_input', `${file} is not a valid evaluation file at ${issue?.path.join('.') || 'the top level'}: ${issue?.message}`);
  }
  return parsed.data.queries.map((entry) => ({ id: entry.id, query: entry.query, expected: entry.expected, ...(entry.subset ? { subset: entry.subset } : {}) }));
}
