import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { formatDecimal, localizeNumber } from '../../../main/answer/decimal-format.js';
import { splitCsvLine } from '../../../main/answer/csv-line.js';
import type { AskOutput } from '../../../shared/contract.js';
import { useTempDirs } from '../../helpers/temp.js';
import { call, diaryServices, entryCount, testToday, value } from './diary-helpers.js';

const tempDir = useTempDirs();
let services: Services;
let dataDir: string;

beforeAll(async () => {
  dataDir = tempDir();
  services = await diaryServices(dataDir, { demo: true });
});
afterAll(async () => {
  await services.close();
});

function ask(question: string, extra: Record<string, unknown> = {}): Promise<AskOutput> {
  return value<AskOutput>(services, 'ask', { corpus: 'diary', profile: 'demo', question, today: testToday, ...extra });
}

/** The first cited entry: its context row parsed back from the CSV (date, item, grams, sodium). */
function firstCitedEntry(output: AskOutput): Record<string, string> {
  const citation = output.citations.find((candidate) => candidate.kind === 'diary-entry' && candidate.date !== undefined);
  expect(citation).toBeDefined();
  const lines = output.context.split('\n');
  const line = lines[(citation?.context_lines[0] as number) - 1] as string;
  const header = lines.lastIndexOf('date,meal,item,grams,energy_kcal,sodium_mg');
  expect(header).toBeGreaterThan(0);
  const names = splitCsvLine(lines[header] as string).map((cell) => cell.value);
  const cells = splitCsvLine(line).map((cell) => cell.value);
  return Object.fromEntries(names.map((name, index) => [name, cells[index] as string]));
}

/** The view's value for that entry, read straight from SQLite. */
function viewSodium(entry: Record<string, string>): number[] {
  const rows = services.db
    .prepare(
      `SELECT sodium FROM diary_entry_nutrients
       WHERE profile = 'demo' AND date = ? AND (food_name || CASE WHEN food_brand <> '' THEN ' (' || food_brand || ')' ELSE '' END) = ? AND grams = ?`,
    )
    .all(entry.date, entry.item, Number(entry.grams)) as { sodium: number }[];
  return rows.map((row) => row.sodium);
}

describe('Ask your log on the demo profile', () => {
  for (const [language, question, wording] of [
    [
      'en',
      'which foods gave me the most sodium in the last two weeks?',
      (entry: Record<string, string>) => `${entry.item}, ${localizeNumber(entry.grams as string, 'en')} g with ${localizeNumber(entry.sodium_mg as string, 'en')} mg on ${entry.date}`,
    ],
    [
      'es',
      '¿qué alimentos me aportaron más sodio en las últimas dos semanas?',
      (entry: Record<string, string>) => `${entry.item}, ${localizeNumber(entry.grams as string, 'es')} g con ${localizeNumber(entry.sodium_mg as string, 'es')} mg el ${entry.date}`,
    ],
  ] as const) {
    it(`answers "${question}" with a food, its grams and its sodium on a day, equal to the view's value`, async () => {
      const output = await ask(question);
      expect(output.language).toBe(language);
      expect(output.plan).toEqual({
        date_from: '2026-06-19',
        date_to: '2026-07-02',
        nutrients: ['sodium'],
        need_detail: true,
        clamped: false,
        planner: 'rules',
        meals: [],
        list_entries: false,
        defaults: [],
        not_honoured: [],
      });
      const entry = firstCitedEntry(output);
      expect(output.answer).toContain(wording(entry));
      const fromView = viewSodium(entry);
      expect(fromView.length).toBeGreaterThan(0);
      expect(fromView.map((sodium) => formatDecimal(sodium, 1))).toContain(entry.sodium_mg);
      expect(Math.abs((fromView[0] as number) - Number(entry.sodium_mg))).toBeLessThan(0.05);
      expect(output.grounding.unverified).toBe(0);
      expect(output.grounding.verified).toBeGreaterThanOrEqual(10);
      expect(output.grounding.trusted).toBe(true);
      expect(output).toMatchObject({ corpus: 'diary', refused: false, composer: 'deterministic', embedder: null });
      expect(output.disclaimer).toBe(
        language === 'es'
          ? 'Respuesta compuesta por reglas sin conexión (sin IA) a partir de las filas de su diario; compruébela en Diario (pestañas Día y Tendencias).'
          : 'Answer composed by offline rules (no AI) from your diary rows; check it in Diary (Day and Trends tabs).',
      );
    });
  }

  it("names a demo profile's own packaged food among the sodium sources", async () => {
    const output = await ask('which foods gave me the most sodium in the last two weeks?');
    expect(output.answer).toMatch(/Pan integral \(Bimbo\)|Sopa instantánea de fideos \(Maruchan\)|Tortillas de harina \(Tía Rosa\)|Jamón de pavo \(FUD\)/);
  });

  it('answers with totals only when no food is asked about, describing the target change', async () => {
    const output = await ask('how much sodium did I have in the last 60 days?');
    expect(output.plan).toMatchObject({ date_from: '2026-05-04', need_detail: false });
    expect(output.context).not.toContain('# foods');
    expect(output.answer).toContain('Daily limit 2,300.0 mg from 2026-05-04 [4]; 2,000.0 mg from 2026-05-19 [5].');
    expect(output.grounding.unverified).toBe(0);
  });

  it('tells the user when a period is cut to 92 days', async () => {
    const output = await ask('protein this year');
    expect(output.plan).toMatchObject({ date_from: '2026-04-02', date_to: testToday, clamped: true });
    expect(output.notices.map((notice) => notice.code)).toContain('period_clamped');
  });

  it('refuses when the period holds no entries', async () => {
    const output = await ask('sodium in January');
    expect(output.refused).toBe(true);
    expect(output.answer).toBe('Your diary has no entries from 2026-01-01 to 2026-01-31. It has entries from 2026-04-04 to 2026-07-02 [1].');
    expect(output.refusal).toBe('no_entries');
    expect(output.grounding.unverified).toBe(0);
  });

  it('never answers from another profile', async () => {
    const output = await value<AskOutput>(services, 'ask', { corpus: 'diary', profile: 'default', question: 'sodium in the last two weeks', today: testToday });
    expect(output.refused).toBe(true);
    expect(output.context).not.toContain('Pan integral');
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const before = entryCount(services);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ question: '' }, 'invalid_input', /the query is empty/],
      [{ question: '   ' }, 'invalid_input', /the query is empty/],
      [{ question: 'sodium '.repeat(1500) }, 'invalid_input', /longer than 2000 characters/],
      [{ question: 'sodium\u0000' }, 'invalid_input', /control characters/],
      [{ profile: 'ghost' }, 'not_found', /There is no profile "ghost"/],
      [{ today: '2026-13-01' }, 'invalid_input', /dates are written YYYY-MM-DD|does not exist/],
    ];
    for (const [change, code, message] of cases) {
      const result = await call(services, 'ask', { corpus: 'diary', profile: 'demo', question: 'sodium last week', today: testToday, ...change });
      expect(result.ok, JSON.stringify(change).slice(0, 80)).toBe(false);
      if (result.ok) continue;
      expect(result.error.code).toBe(code);
      expect(`${result.error.message} ${(result.error.details ?? []).join(' ')}`).toMatch(message);
    }
    expect(entryCount(services)).toBe(before);
  });

  it('gives the same answer to the same question, run after run', async () => {
    const first = await ask('¿qué alimentos me aportaron más sodio en las últimas dos semanas?');
    const second = await ask('¿qué alimentos me aportaron más sodio en las últimas dos semanas?');
    expect(second.answer).toBe(first.answer);
    expect(second.context).toBe(first.context);
  });
});

describe('the demo seed', () => {
  it('holds 90 days ending today with targets, and is the same when seeded again', async () => {
    const days = services.db.prepare("SELECT MIN(date) AS first, MAX(date) AS last, COUNT(DISTINCT date) AS days FROM diary_entries WHERE profile = 'demo'").get();
    expect(days).toEqual({ first: '2026-04-04', last: testToday, days: 90 });
    const before = services.db.prepare("SELECT date, meal, food_id, grams FROM diary_entries WHERE profile = 'demo' ORDER BY id").all();
    await services.module('diary')?.seedDemo?.({ today: testToday });
    const after = services.db.prepare("SELECT date, meal, food_id, grams FROM diary_entries WHERE profile = 'demo' ORDER BY id").all();
    expect(after).toEqual(before);
    expect(services.db.prepare("SELECT COUNT(*) AS count FROM foods WHERE owner = 'demo'").get()).toEqual({ count: 7 });
    expect(services.db.prepare("SELECT nutrient, amount, effective_from FROM diary_targets WHERE profile = 'demo' AND nutrient = 'sodium' ORDER BY effective_from").all()).toEqual([
      { nutrient: 'sodium', amount: 2300, effective_from: '2026-04-04' },
      { nutrient: 'sodium', amount: 2000, effective_from: '2026-05-19' },
    ]);
  });
});

describe('the 400-row cap on food rows', () => {
  it('keeps the 400 entries with the most energy of 401 and says so', async () => {
    services.profiles.ensure('cap', 'Cap');
    const rows = Array.from({ length: 401 }, (_, index) => `2026-06-${String(10 + (index % 20)).padStart(2, '0')},lunch,A015,${index + 1}`);
    await value(services, 'diary.import', { profile: 'cap', csv: ['date,meal,food_code,grams', ...rows].join('\n') });
    const output = await value<AskOutput>(services, 'ask', { corpus: 'diary', profile: 'cap', question: 'which foods gave me the most energy in June?', today: testToday });
    const lines = output.context.split('\n');
    const header = lines.indexOf('date,meal,item,grams,energy_kcal');
    expect(header).toBeGreaterThan(0);
    const foodRows = lines.slice(header + 1);
    expect(foodRows).toHaveLength(400);
    expect(lines).toContain('# foods cut to 400 of 401 entries, largest energy first');
    expect(foodRows.some((line) => line.endsWith(',1.0,3.6'))).toBe(false);
    expect(foodRows.some((line) => line.endsWith(',2.0,7.1'))).toBe(true);
    expect(output.notices).toContainEqual({
      code: 'context_cut',
      message: 'Food rows cut to 400 of 401 entries (largest energy first).',
      params: { context: 'entries', shown: 400, total: 401 },
    });
  });
});
