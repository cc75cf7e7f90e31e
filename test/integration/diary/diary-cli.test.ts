import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDecimal } from '../../../main/answer/decimal-format.js';
import type { AskOutput } from '../../../shared/contract.js';
import { runCita } from '../../helpers/cli.js';
import { useTempDirs } from '../../helpers/temp.js';
import { diaryServices, testToday, entryCountInFile } from './diary-helpers.js';

const tempDir = useTempDirs();
let dataDir: string;

// One data directory with IFCT foods and the demo diary, seeded in-process (keyword-only, fast), then used by the
// built CLI as a person would use it.
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cita-diary-cli-'));
  const services = await diaryServices(dataDir, { demo: true });
  await services.close();
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const entries = (profile: string) => entryCountInFile(dataDir, profile);

describe('cita ask --corpus diary', () => {
  it('answers the English sodium question as one JSON document with context, plan and grounding', () => {
    const run = runCita([
      'ask',
      '--corpus',
      'diary',
      '--profile',
      'demo',
      '--question',
      'which foods gave me the most sodium in the last two weeks?',
      '--today',
      testToday,
      '--data-dir',
      dataDir,
      '--json',
    ]);
    expect(run.status, run.stderr).toBe(0);
    const output = run.json() as AskOutput;
    expect(output.plan).toMatchObject({ date_from: '2026-06-19', date_to: testToday, nutrients: ['sodium'], need_detail: true });
    expect(output.answer).toMatch(/Largest single entries, one per food: .+, [\d,]+\.\d g with [\d,]+\.\d mg on 2026-\d\d-\d\d \[1\]/);
    expect(output.grounding).toMatchObject({ unverified: 0, trusted: true });
    expect(output.context).toContain('# foods');
    expect(output.disclaimer).toBe('Answer composed by offline rules (no AI) from your diary rows; check it in Diary (Day and Trends tabs).');
  });

  it('answers the Spanish question in Spanish, for a person reading a terminal', () => {
    const run = runCita([
      'ask',
      '--corpus',
      'diary',
      '--profile',
      'demo',
      '--question',
      '¿qué alimentos me aportaron más sodio en las últimas dos semanas?',
      '--today',
      testToday,
      '--data-dir',
      dataDir,
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Sodio del 2026-06-19 al 2026-07-02');
    expect(run.stdout).toContain('— Respuesta compuesta por reglas sin conexión (sin IA) a partir de las filas de su diario; compruébela en Diario (pestañas Día y Tendencias).');
    expect(run.stdout).toMatch(/grounding: \d+ figures, \d+ verified, 0 unverified \(trusted\)/);
  });

  it('refuses an empty question and a 10 kB question as usage mistakes (exit 2), and an unknown profile (exit 1), with one clear line', () => {
    const base = ['ask', '--corpus', 'diary', '--today', testToday, '--data-dir', dataDir];
    const empty = runCita([...base, '--profile', 'demo', '--question', '']);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('the query is empty');
    const huge = runCita([...base, '--profile', 'demo', '--question', 'x'.repeat(10_240)]);
    expect(huge.status).toBe(2);
    expect(huge.stderr).toContain('longer than 2000 characters');
    const ghost = runCita([...base, '--profile', 'ghost', '--question', 'sodium', '--json']);
    expect(ghost.status).toBe(1);
    expect(ghost.json()).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(runCita(['ask', '--corpus', 'diary', '--data-dir', dataDir]).status).toBe(2);
  });
});

describe('cita ask --corpus diary for what the plan cannot honour', () => {
  it('prints the meal and every-entry plan of "what did I eat for dinner yesterday?"', () => {
    const run = runCita(['ask', '--corpus', 'diary', '--profile', 'demo', '--question', 'what did I eat for dinner yesterday?', '--today', testToday, '--data-dir', dataDir]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('plan (rules): 2026-07-01 → 2026-07-01 · energy_kcal · meals: dinner · every entry');
  });

  it('prints a refusal for a nutrient cita does not track, and exits 0: the question was answered', () => {
    const run = runCita(['ask', '--corpus', 'diary', '--profile', 'demo', '--question', 'vitamin K last week', '--today', testToday, '--data-dir', dataDir, '--json']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.json()).toMatchObject({ refused: true, refusal: 'untracked_nutrient', plan: { refusal: 'untracked_nutrient' }, grounding: { figures: [] } });
  });
});

describe('cita eval --corpus diary', () => {
  it('scores the shipped plan set with the rules planner, with no data directory needed', () => {
    const run = runCita(['eval', '--corpus', 'diary', '--json']);
    expect(run.status, run.stderr).toBe(0);
    const report = run.json() as { corpus: string; today: string; rows: Array<{ subset: string | null; cases: number; score: number }> };
    expect(report).toMatchObject({ corpus: 'diary', today: '2026-12-01' });
    expect(report.rows[0]?.cases).toBeGreaterThanOrEqual(80);
    expect(report.rows[0]?.score).toBeGreaterThanOrEqual(0.95);
    expect(report.rows.map((row) => row.subset)).toEqual([null, 'en', 'es']);
  });

  it('scores a set given with --set and lists its misses in the table', () => {
    const file = join(tempDir(), 'mine.json');
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        corpus: 'diary',
        today: '2026-12-01',
        cases: [
          { id: 'ok', question: 'sodium last week', expected: { language: 'en', period: ['2026-11-23', '2026-11-29'], meals: [], nutrients: ['sodium'], comparison: null, refusal: null } },
          { id: 'wrong', question: 'sodium last week', expected: { language: 'en', period: ['2026-11-16', '2026-11-22'], meals: [], nutrients: ['sodium'], comparison: null, refusal: null } },
        ],
      }),
    );
    const run = runCita(['eval', '--corpus', 'diary', '--set', file]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/diary\s+all\s+rules\s+2026-12-01\s+2\s+1\s+0\.500/);
    expect(run.stdout).toContain('miss wrong: sodium last week\n  period: expected ["2026-11-16","2026-11-22"], planned ["2026-11-23","2026-11-29"]');
  });
});

describe('cita diary add and import', () => {
  it('adds an entry and prints it', () => {
    const before = entries('demo');
    const run = runCita(['diary', 'add', '--profile', 'demo', '--date', '2026-07-02', '--meal', 'snack', '--food', 'E001', '--grams', '150', '--data-dir', dataDir]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^added #\d+ 2026-07-02 snack: Apple, big, 150\.0 g/);
    expect(entries('demo')).toBe(before + 1);
  });

  it("shows a day's saturated fat against its limit, and answers a question about it with every figure verified", () => {
    const target = runCita(['diary', 'target', '--profile', 'demo', '--nutrient', 'saturated_fat', '--amount', '5', '--from', '2026-07-01', '--data-dir', dataDir]);
    expect(target.status, target.stderr).toBe(0);
    for (const [food, grams] of [
      ['T013', '10'],
      ['T001', '15'],
    ] as const) {
      const add = runCita(['diary', 'add', '--profile', 'demo', '--date', '2026-07-01', '--meal', 'dinner', '--food', food, '--grams', grams, '--data-dir', dataDir]);
      expect(add.status, add.stderr).toBe(0);
    }
    const day = runCita(['diary', 'day', '--profile', 'demo', '--date', '2026-07-01', '--data-dir', dataDir, '--json']);
    const total = (day.json() as { totals: { nutrients: { saturated_fat: number } } }).totals.nutrients.saturated_fat;
    const shown = runCita(['diary', 'day', '--profile', 'demo', '--date', '2026-07-01', '--data-dir', dataDir]);
    expect(shown.stdout).toContain(`total saturated_fat: ${formatDecimal(total)} (limit 5.0, ${formatDecimal(total - 5)} over)`);
    expect(shown.stdout).toMatch(/total protein: [\d.]+ \(target 55\.0\)/);
    const ask = runCita(['ask', '--corpus', 'diary', '--profile', 'demo', '--question', 'how much saturated fat did I eat on July 1?', '--today', testToday, '--data-dir', dataDir, '--json']);
    expect(ask.status, ask.stderr).toBe(0);
    const output = ask.json() as AskOutput;
    expect(output.plan).toMatchObject({ date_from: '2026-07-01', date_to: '2026-07-01', nutrients: ['saturated_fat'] });
    expect(output.answer).toContain(`Total ${formatDecimal(total)} g on 2026-07-01`);
    expect(output.grounding).toMatchObject({ unverified: 0, trusted: true });
  });

  it('refuses a bad --grams as a usage mistake', () => {
    const run = runCita(['diary', 'add', '--profile', 'demo', '--date', '2026-07-02', '--meal', 'snack', '--food', 'E001', '--grams', 'lots', '--data-dir', dataDir]);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('imports a CSV file, checks one with --dry-run, and refuses a malformed one with line numbers, writing nothing', () => {
    const directory = tempDir();
    const good = join(directory, 'good.csv');
    writeFileSync(good, 'date,meal,food_code,grams\n2026-07-01,breakfast,L002,200\n2026-07-01,lunch,A015,80\n');
    const bad = join(directory, 'bad.csv');
    writeFileSync(bad, 'date,meal,food_code,grams\n2026-07-01,breakfast,L002,200\n2026-07-01,brunch,A015,80\n2026-07-01,lunch,ZZZ,80\n');
    const dry = runCita(['diary', 'import', good, '--dry-run', '--profile', 'demo', '--data-dir', dataDir]);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('dry run: 2 valid rows from 2026-07-01 to 2026-07-01; nothing written');
    const before = entries('demo');
    const failed = runCita(['diary', 'import', bad, '--profile', 'demo', '--data-dir', dataDir]);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('The CSV has 2 errors; nothing was imported.');
    expect(failed.stderr).toContain('line 3: meal must be one of breakfast, lunch, dinner, snack (got "brunch")');
    expect(failed.stderr).toContain('line 4: no food with code "ZZZ" is visible to profile "demo"');
    expect(entries('demo')).toBe(before);
    const imported = runCita(['diary', 'import', good, '--profile', 'demo', '--data-dir', dataDir, '--json']);
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.json()).toEqual({ dry_run: false, rows: 2, added: 2, date_from: '2026-07-01', date_to: '2026-07-01' });
    expect(entries('demo')).toBe(before + 2);
  });

  it('fails (exit 1, not a usage mistake) on a CSV longer than an import takes, writing nothing', () => {
    const long = join(tempDir(), 'long.csv');
    writeFileSync(long, `date,meal,food_code,grams\n${'2026-07-01,lunch,A015,80\n'.repeat(45_000)}`);
    const before = entries('demo');
    const run = runCita(['diary', 'import', long, '--dry-run', '--profile', 'demo', '--data-dir', dataDir]);
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toContain('longer than');
    expect(entries('demo')).toBe(before);
  });

  it('documents the CSV columns in --help and needs a FILE', () => {
    const help = runCita(['diary', 'import', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('date,meal,food_code,grams');
    expect(runCita(['diary', 'import', '--data-dir', dataDir]).status).toBe(2);
    const missing = runCita(['diary', 'import', join(tempDir(), 'nope.csv'), '--data-dir', dataDir]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('ENOENT');
  });
});
