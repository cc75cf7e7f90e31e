import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './cli.js';

/** BEIR SciFact as shipped beside the project (shared/datasets/scifact, see its SOURCE.md). */
export const scifactDir = process.env.CITA_SCIFACT_DIR ?? join(repositoryRoot, '..', 'shared', 'datasets', 'scifact');
export const scifactPresent = existsSync(join(scifactDir, 'corpus.jsonl'));

/** Outside CI a missing SciFact copy skips loudly; under CI=true it fails (as a missing model does). */
export function scifactTests(what: string): boolean {
  const inCi = process.env.CI === 'true';
  if (!scifactPresent && !inCi) {
    const line = '!'.repeat(100);
    console.warn(`\n${line}\n!!! SKIPPING ${what}: no SciFact at ${scifactDir} (set CITA_SCIFACT_DIR); under CI=true this fails.\n${line}\n`);
  }
  describe(`${what}: the SciFact data`, () => {
    it.runIf(inCi)('is present in CI', () => {
      expect(scifactPresent, `CI=true but no SciFact at ${scifactDir}`).toBe(true);
    });
  });
  return scifactPresent;
}

/** A small deterministic generator (mulberry32), so the subset is the same on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The CI-sized SciFact: every document judged in qrels/test.tsv plus `others` more drawn with a fixed seed, the
 * test queries and their judgements, written as a BEIR folder in `directory`.
 */
export function writeScifactSubset(directory: string, others = 700, seed = 14): { documents: number; queries: number } {
  const qrels = readFileSync(join(scifactDir, 'qrels', 'test.tsv'), 'utf8');
  const judged = new Set(qrels.split('\n').slice(1).filter((line) => line.trim()).map((line) => line.split('\t')[1] as string));
  const lines = readFileSync(join(scifactDir, 'corpus.jsonl'), 'utf8').split('\n').filter((line) => line.trim());
  const idOf = (line: string) => (JSON.parse(line) as { _id: string })._id;
  const rest = lines.filter((line) => !judged.has(idOf(line)));
  const next = random(seed);
  for (let index = rest.length - 1; index > 0; index -= 1) {
    const swap = Math.floor(next() * (index + 1));
    [rest[index], rest[swap]] = [rest[swap] as string, rest[index] as string];
  }
  const chosen = new Set([...judged, ...rest.slice(0, others).map(idOf)]);
  mkdirSync(join(directory, 'qrels'), { recursive: true });
  writeFileSync(join(directory, 'corpus.jsonl'), `${lines.filter((line) => chosen.has(idOf(line))).join('\n')}\n`);
  writeFileSync(join(directory, 'queries.jsonl'), readFileSync(join(scifactDir, 'queries.jsonl')));
  writeFileSync(join(directory, 'qrels', 'test.tsv'), qrels);
  return { documents: chosen.size, queries: new Set(qrels.split('\n').slice(1).filter((line) => line.trim()).map((line) => line.split('\t')[0])).size };
}
