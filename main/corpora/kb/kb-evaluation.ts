import { readFileSync } from 'node:fs';
import { loadEvaluationPath } from '../evaluation-file.js';
import { basename, join } from 'node:path';
import { z } from 'zod';
import type { SearchHit } from '../../../shared/contract.js';
import type { EvaluationCase } from '../corpus-module.js';
import { AppError } from '../../core/errors.js';
import { packageRoot } from '../../paths.js';

/** The shipped evaluation set: clinician questions, each with the card ids that answer it ([] = out of scope). */
export function kbEvaluationPath(): string {
  return join(packageRoot(), 'kb', 'eval', 'clinical.json');
}

/**
 * Every shipped KB set, in the order `cita eval` reports them: the original in-scope set, the harder answerable
 * set with key facts (written later, from the user's side), the unanswerable set, and the held-out sets 2 to 21 of
 * both kinds. The answerable and unanswerable sets have a development half (`subset: "dev"`, used to calibrate
 * answerability) and a held-out half (`"test"`); the original is all dev, the held-out sets all test.
 */
export function kbEvaluationPaths(): string[] {
  return ['clinical.json', 'clinical-fresh.json', 'clinical-unanswerable.json', 'clinical-holdout-2.json', 'clinical-holdout-3.json', 'clinical-holdout-4.json', 'clinical-holdout-5.json', 'clinical-holdout-6.json', 'clinical-holdout-7.json', 'clinical-holdout-8.json', 'clinical-holdout-9.json', 'clinical-holdout-10.json', 'clinical-holdout-11.json', 'clinical-holdout-12.json', 'clinical-holdout-13.json', 'clinical-holdout-14.json', 'clinical-holdout-15.json', 'clinical-holdout-16.json', 'clinical-holdout-17.json', 'clinical-holdout-18.json', 'clinical-holdout-19.json', 'clinical-holdout-20.json', 'clinical-holdout-21.json', 'clinical-holdout-22.json', 'clinical-holdout-23.json', 'clinical-holdout-24.json', 'clinical-holdout-25.json'].map((name) => join(packageRoot(), 'kb', 'eval', name));
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
        language: z.enum(['en', 'es']).optional(),
        /** dev: used to calibrate; test: held out. */
        subset: z.enum(['dev', 'test']).optional(),
        /** Facts a correct answer must contain: each an array of alternatives, any one of which must appear. */
        key_facts: z.array(z.array(z.string().min(1)).min(1)).optional(),
        category: z.string().optional(),
        style: z.string().optional(),
      }).strict(),
    )
    .min(1),
});

/** One question of a set with what the set says about it. */
export interface KbEvaluationQuestion extends EvaluationCase {
  note: string;
  /** Spanish: the set says so, or (older sets) the note starts with "Spanish" or says "(Spanish)". */
  spanish: boolean;
  /** The file's name without .json, e.g. "clinical-fresh". */
  set: string;
  /** dev (calibration) or test (held out); the original set is all dev. */
  half: 'dev' | 'test';
  keyFacts: string[][];
  category: string | null;
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
  const set = basename(path, '.json');
  return parsed.data.questions.map((entry) => {
    const note = entry.note ?? '';
    const spanish = entry.language ? entry.language === 'es' : /^spanish\b|\(spanish\)/i.test(note);
    return {
      id: entry.id,
      query: entry.question,
      expected: entry.expected,
      note,
      spanish,
      subset: spanish ? 'es' : 'en',
      set,
      half: entry.subset ?? 'dev',
      keyFacts: entry.key_facts ?? [],
      category: entry.category ?? null,
    };
  });
}

/** A KB hit counts for the card it comes from. */
export function kbItemOf(hit: SearchHit): string {
  return hit.kb?.card_id ?? hit.id;
}

/** Every shipped KB set as evaluation cases: parts by set and by half, key facts, and answerability. */
export function loadKbEvaluationCases(paths: readonly string[] = kbEvaluationPaths()): EvaluationCase[] {
  return paths.flatMap((path) =>
    loadKbEvaluation(path).map((question) => ({
      id: `${question.set}/${question.id}`,
      query: question.query,
      expected: question.expected,
      subset: question.subset,
      parts: question.set === 'clinical' ? [question.set] : [question.set, `${question.set}:${question.half}`],
      answerable: question.expected.length > 0,
      keyFacts: question.keyFacts,
    })),
  );
}

/**
 * `cita eval --corpus kb --set FILE`: a set in the KB's own format (the shipped sets: "questions", key facts,
 * halves) or in the generic one ("queries"), whichever the file is.
 */
export function loadKbEvaluationPath(file: string): EvaluationCase[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return loadEvaluationPath(file);
  }
  const isKbFormat = json !== null && typeof json === 'object' && 'questions' in json;
  return isKbFormat ? loadKbEvaluationCases([file]) : loadEvaluationPath(file);
}
