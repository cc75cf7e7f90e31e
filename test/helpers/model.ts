import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './cli.js';

export const modelDir = process.env.CITA_MODEL_DIR ?? join(repositoryRoot, 'models', 'bge-small-en-v1.5');
export const modelPresent = existsSync(modelDir);
const inCi = process.env.CI === 'true';

/**
 * Call once at the top of a real-model test file: outside CI a missing model skips the file's real-model tests
 * with a loud message; under CI=true a missing model is a failing test. Returns whether to run them.
 */
export function realModelTests(what: string): boolean {
  if (!modelPresent && !inCi) {
    const line = '!'.repeat(100);
    console.warn(`\n${line}\n!!! SKIPPING ${what}: no model at ${modelDir}. Run \`npm run model:fetch\`; under CI=true this fails.\n${line}\n`);
  }
  describe(`${what}: the real model`, () => {
    it.runIf(inCi)('is installed in CI', () => {
      expect(modelPresent, `CI=true but no model at ${modelDir}: run \`npm run model:fetch\` first`).toBe(true);
    });
  });
  return modelPresent;
}
