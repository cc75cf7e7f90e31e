import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { EvaluationCase } from './corpus-module.js';
import { AppError } from '../core/errors.js';
import { packageRoot } from '../paths.js';

const evaluationFileSchema = z.object({
  version: z.literal(1),
  queries: z
    .array(
      z
        .object({
          id: z.string(),
          query: z.string().min(1),
          /** Item keys that answer the query; the catalog's sets name one source instead (null: none). */
          expected: z.array(z.string()).optional(),
          expected_source: z.string().min(1).nullable().optional(),
          subset: z.string().min(1).optional(),
          /** false: the corpus holds no answer, and the right behaviour is "no match" (refusal metrics). */
          answerable: z.boolean().optional(),
          language: z.enum(['en', 'es']).optional(),
        })
        .refine((entry) => entry.expected !== undefined || entry.expected_source !== undefined, 'each query needs "expected" (or "expected_source")'),
    )
    .min(1),
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
  return parsed.data.queries.map((entry) => {
    const expected = entry.expected ?? (entry.expected_source ? [entry.expected_source] : []);
    return {
      id: entry.id,
      query: entry.query,
      expected,
      ...(entry.subset ? { subset: entry.subset } : {}),
      ...(entry.answerable !== undefined ? { answerable: entry.answerable } : {}),
    };
  });
}

/**
 * Several shipped sets of one corpus as one evaluation: each query is reported in its set's part (and in
 * "<set>:<subset>" when the set has dev/test halves) and, when the set says, in its language's part.
 */
export function loadEvaluationSets(names: readonly string[]): EvaluationCase[] {
  return names.flatMap((name) =>
    loadEvaluationFile(name).map((entry) => {
      const { subset, ...rest } = entry;
      return { ...rest, id: `${name}/${entry.id}`, parts: subset ? [name, `${name}:${subset}`] : [name] };
    }),
  );
}
