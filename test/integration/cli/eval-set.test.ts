import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCita } from '../../helpers/cli.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
// Keyword strategy only: no model needed, and none is loaded.
const env = { CITA_MODEL_DIR: '/nonexistent-model' };

interface Report {
  stores: Record<string, string>;
  rows: Array<{ corpus: string; subset: string | null; strategy: string; cases: number; hit_rate: Record<string, number>; misses: Array<{ id: string }> }>;
}

describe('cita eval --set', () => {
  it("evaluates a user's own set for one corpus, and explains a set it cannot use", () => {
    const dataDir = tempDir();
    expect(runCita(['--data-dir', dataDir, 'seed'], { env }).status).toBe(0);
    const setFile = join(tempDir(), 'my-foods.json');
    writeFileSync(
      setFile,
      JSON.stringify({
        version: 1,
        queries: [
          { id: 'm1', query: 'rice flakes', expected: ['A011'], subset: 'english' },
          { id: 'm2', query: 'santra', expected: ['E047'], subset: 'hindi' },
          { id: 'm3', query: 'xylophone', expected: ['E001'], subset: 'english' },
        ],
      }),
    );
    const run = runCita(['--data-dir', dataDir, '--json', 'eval', '--corpus', 'foods', '--strategy', 'keyword', '--set', setFile], { env });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const [row, english, hindi, ...more] = (run.json() as Report).rows;
    expect(row).toMatchObject({ corpus: 'foods', subset: null, strategy: 'keyword', cases: 3 });
    expect(row?.hit_rate['@1']).toBeCloseTo(2 / 3, 5);
    expect(row?.misses.map((miss) => miss.id)).toEqual(['m3']);
    // Each part of the set gets its own row after the whole.
    expect(english).toMatchObject({ subset: 'english', cases: 2, hit_rate: { '@1': 0.5 } });
    expect(english?.misses.map((miss) => miss.id)).toEqual(['m3']);
    expect(hindi).toMatchObject({ subset: 'hindi', cases: 1, hit_rate: { '@1': 1 }, misses: [] });
    expect(more).toEqual([]);
    // It says which store it read (PostgreSQL's in eval-both-stores.test.ts).
    expect((run.json() as Report).stores).toEqual({ foods: `SQLite ${join(dataDir, 'cita.sqlite')}` });
    const table = runCita(['--data-dir', dataDir, 'eval', '--corpus', 'foods', '--strategy', 'keyword', '--set', setFile], { env });
    expect(table.status).toBe(0);
    expect(table.stdout.split('\n')[0]).toBe(`store: foods on SQLite ${join(dataDir, 'cita.sqlite')}`);

    const withoutCorpus = runCita(['--data-dir', dataDir, 'eval', '--set', setFile], { env });
    expect(withoutCorpus.status).toBe(2);
    expect(withoutCorpus.stderr).toContain('--set needs --corpus');

    const broken = join(tempDir(), 'broken.json');
    writeFileSync(broken, JSON.stringify({ version: 1, queries: [{ id: 'b1', query: '', expected: [] }] }));
    const invalid = runCita(['--data-dir', dataDir, 'eval', '--corpus', 'foods', '--set', broken], { env });
    expect(invalid.status).not.toBe(0);
    expect(invalid.stderr).toContain('queries.0.query');
    expect(invalid.stderr.trim().split('\n')).toHaveLength(1);

    const missing = runCita(['--data-dir', dataDir, 'eval', '--corpus', 'foods', '--set', join(tempDir(), 'nope.json')], { env });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('Cannot read the evaluation file');
  });

  it('refuses to score a corpus nothing is loaded into, rather than print a table of zeros', () => {
    const empty = tempDir();
    const kb = runCita(['--data-dir', empty, 'eval', '--corpus', 'kb', '--strategy', 'keyword', '--rerank', 'off'], { env });
    expect(kb.status).toBe(1);
    expect(kb.stdout).not.toContain('HR@1');
    expect(kb.stderr).toContain('The kb corpus is empty');
    expect(kb.stderr).toContain('cita seed');
    const manuals = runCita(['--data-dir', empty, 'eval', '--corpus', 'manuals', '--strategy', 'keyword'], { env });
    expect(manuals.status).toBe(1);
    expect(manuals.stderr).toContain('cita ingest --corpus manuals');
    // Once seeded, the same command scores.
    expect(runCita(['--data-dir', empty, 'seed'], { env }).status).toBe(0);
    const seeded = runCita(['--data-dir', empty, '--json', 'eval', '--corpus', 'kb', '--strategy', 'keyword', '--rerank', 'off'], { env });
    expect(seeded.status).toBe(0);
    expect((seeded.json() as Report).rows[0]?.hit_rate['@3']).toBeGreaterThan(0.5);
  });
});
