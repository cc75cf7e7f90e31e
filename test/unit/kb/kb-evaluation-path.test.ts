import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kbEvaluationPaths, loadKbEvaluationCases, loadKbEvaluationPath } from '../../../main/corpora/kb/kb-evaluation.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

describe('cita eval --corpus kb --set FILE', () => {
  it('reads a shipped KB set ("questions") as the shipped evaluation does', () => {
    const [clinical] = kbEvaluationPaths();
    expect(loadKbEvaluationPath(clinical as string)).toEqual(loadKbEvaluationCases([clinical as string]));
  });

  it('reads the generic format ("queries") too', () => {
    const file = join(tempDir(), 'set.json');
    writeFileSync(file, JSON.stringify({ version: 1, queries: [{ id: 'q1', query: 'warfarin and ibuprofen', expected: ['ddi-warfarin-nsaids'] }] }));
    expect(loadKbEvaluationPath(file)).toEqual([{ id: 'q1', query: 'warfarin and ibuprofen', expected: ['ddi-warfarin-nsaids'] }]);
  });
});
