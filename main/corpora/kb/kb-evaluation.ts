import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { SearchHit } from '../../../shared/contract.js';
import type { EvaluationCase } from '../../app/corpus-module.js';
import { AppError } from '../../app/errors.js';
import { packageRoot } from '../../paths.js';

/** The shipped evaluation set: clinician questions, each with the card ids that answer it ([] = out of scope). */
export function kbEvaluationPath(): string {
  return join(packageRoot(), 'kb', 'eval', 'clinical.json');
}

const evaluationFileSchema = z.object({
  version: z.literal(1),
  questions: z
    .array(
      z.object({
        id: z.string().min(1),
        question: z.string().min(1),
        expected: z.array(z.string().min(1)),
        note: z.string().optional(),
      }),
    )
    .min(1),
});

/** One question of the set with its note, which says whether it is Spanish or out of scope. */
export interface KbEvaluationQuestion extends EvaluationCase {
  note: string;
  /** The note starts with "Spanish" (or says "(Spanish)"): the English-only embedder is not expected to carry it. */
  spanish: boolean;
}

/** `kb/eval/clinical.json` as evaluation cases: `{id, query: question, expected}` plus what the note says. */
export function loadKbEvaluation(path: string = kbEvaluationPath()): KbEvaluationQuestion[] {
  let parsed;
  try {
    parsed = evaluationFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    throw new AppError('invalid_input', `Cannot read the clinical evaluation set ${path}: ${(error as Error).message}`);
  }
  if (!parsed.success) {
    throw new AppError(
      'invalid_input',
      `The clinical evaluation set ${path} is malformed.`,
      parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(top)'}: ${issue.message}`),
    );
  }
  return parsed.data.questions.map((entry) => {
    const note = entry.note ?? '';
    const spanish = /^spanish\b|\(spanish\)/i.test(note);
    return { id: entry.id, query: entry.question, expected: entry.expected, note, spanish, subset: spanish ? 'es' : 'en' };
  });
}

/** A KB hit counts for the card it comes from. */
export function kbItemOf(hit: SearchHit): string {
  return hit.kb?.card_id ?? hit.id;
}
