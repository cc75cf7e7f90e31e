import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './cli.js';

export const modelDir = process.env.CITA_MODEL_DIR ?? join(repositoryRoot, 'models', 'bge-small-en-v1.5');
export const modelPresent = existsSync(modelDir);
export const rerankerDir = process.env.CITA_RERANKER_DIR ?? join(repositoryRoot, 'models', 'ms-marco-MiniLM-L-12-v2');
export const rerankerPresent = existsSync(rerankerDir);
export const multilingualDir = process.env.CITA_MULTILINGUAL_DIR ?? join(repositoryRoot, 'models', 'use-multilingual-v3');
export const multilingualPresent = existsSync(multilingualDir);
const inCi = process.env.CI === 'true';

/**
 * Call once at the top of a real-model test file: outside CI a missing model skips the file's real-model tests
 * with a loud message; under CI=true a missing model is a failing test. Returns whether to run them.
 */
export function realModelTests(what: string): boolean {
  return requireModel(what, 'model', modelDir, modelPresent);
}

/** The same for the real reranker (models/ms-marco-MiniLM-L-12-v2, or CITA_RERANKER_DIR). */
export function realRerankerTests(what: string): boolean {
  return requireModel(what, 'reranker', rerankerDir, rerankerPresent);
}

/** The same for the multilingual embedder (models/use-multilingual-v3, or CITA_MULTILINGUAL_DIR). */
export function realMultilingualTests(what: string): boolean {
  return requireModel(what, 'multilingual embedder', multilingualDir, multilingualPresent);
}

function requireModel(what: string, kind: string, directory: string, present: boolean): boolean {
  if (!present && !inCi) {
    const line = '!'.repeat(100);
    console.warn(`\n${line}\n!!! SKIPPING ${what}: no ${kind} at ${directory}. Run \`npm run model:fetch\`; under CI=true this fails.\n${line}\n`);
  }
  describe(`${what}: the real ${kind}`, () => {
    it.runIf(inCi)('is installed in CI', () => {
      expect(present, `CI=true but no ${kind} at ${directory}: run \`npm run model:fetch\` first`).toBe(true);
    });
  });
  return present;
}
