import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { itemLabel } from '../../../main/answer/diary-context.js';
import { checkAttributedGrounding } from '../../../main/answer/attributed-grounding.js';
import { cellDifference } from '../../../main/answer/comparison-context.js';
import { formatDecimal, localizeNumber } from '../../../main/answer/decimal-format.js';
import type { AskOutput } from '../../../shared/contract.js';
import { useTempDirs } from '../../helpers/temp.js';
import { call, diaryServices, value } from './diary-helpers.js';

/** The day users try the demo on: a Tuesday, with 90 days of diary ending that day. */
const today = '2026-12-01';

const tempDir = useTempDirs();
let services: Services;

beforeAll(async () => {
  services = await diaryServices(tempDir(), { demo: true, today });
});
afterAll(async () => {
  await services.close();
});

function ask(question: string, extra: Record<string, unknown> = {}): Promise<AskOutput> {
  return value<AskOutput>(services, 'ask', { corpus: 'diary', profile: 'demo', question, today, ...extra });
}

/** The demo's entries of a day (and meal), as the view holds them. */
function entriesOf(date: string, meal?: string): Array<{ food_name: string; food_brand: string; grams: number; meal: string }> {
  const rows = services.db.prepare("SELECT food_name, food_brand, grams, meal FROM diary_entry_nutrients WHERE profile = 'demo' AND date = ? ORDER BY entry_id").all(date) as Array<{
    food_name: string;
    food_brand: string;
    grams: number;
    meal: string;
  }>;
  return meal ? rows.filter((row) => row.meal === meal) : rows;
}

/** SUM of a nutrient over a period, from the view. */
function viewTotal(nutrient: string, from: string, to: string): number {
  return (services.db.prepare(`SELECT SUM(${nutrient}) AS total FROM diary_entry_nutrients WHERE profile = 'demo' AND date BETWEEN ? AND ?`).get(from, to) as { total: number }).total;
}

describe('Ask your log reads dates as the user means them (today 2026-12-01)', () => {
  it('reads "entre el 20 de noviembre y el 10 de diciembre" as this year, cut at today with a notice, never swapped', async () => {
    const output = await ask('¿Cuánta grasa comí entre el 20 de noviembre y el 10 de diciembre?');
    expect(output.plan).toMatchObject({ date_from: '2026-11-20', date_to: today, nutrients: ['fat'], clamped: false });
    const codes = output.notices.map((notice) => notice.code);
    expect(codes).toContain('future_date');
    expect(codes).not.toContain('period_swapped');
    expect(codes).not.toContain('period_clamped');
    expect(output.notices.find((notice) => notice.code === 'future_date')?.message).toBe('El periodo pedido termina el 2026-12-10, después de hoy (2026-12-01): se cortó para terminar hoy.');
    expect(output.plan?.not_honoured).toContainEqual({ code: 'future_date', text: '2026-12-10' });
  });

  it('answers "What did I eat on December 10?" as a day that has not happened yet, not as last year', async () => {
    const output = await ask('What did I eat on December 10?');
    expect(output.plan).toMatchObject({ date_from: '2026-12-10', date_to: '2026-12-10', refusal: 'future_period' });
    expect(output).toMatchObject({ refused: true, refusal: 'future_period' });
    expect(output.answer).toContain('(2026-12-10) has not happened yet');
    expect(output.grounding.figures).toEqual([]);
  });

  it('reads "next week" as the future, not the last 30 days', async () => {
    const output = await ask('how much protein next week?');
    expect(output.plan).toMatchObject({ date_from: '2026-12-07', date_to: '2026-12-13', refusal: 'future_period' });
    expect(output.refused).toBe(true);
  });

  it('reads "fin de semana pasado" as last Saturday and Sunday', async () => {
    const output = await ask('¿cuánto sodio el fin de semana pasado?');
    expect(output.plan).toMatchObject({ date_from: '2026-11-28', date_to: '2026-11-29' });
    expect(output.notices.map((notice) => notice.code)).not.toContain('period_defaulted');
  });

  it('reads "since Monday" as Monday to today', async () => {
    const output = await ask('how much sugar since Monday?');
    expect(output.plan).toMatchObject({ date_from: '2026-11-30', date_to: today, nutrients: ['free_sugars'] });
  });
});

describe('Ask your log honours meals, lists and comparisons', () => {
  it('lists every food eaten on November 14, each with its grams, not the top three per nutrient', async () => {
    const output = await ask('What did I eat on November 14?');
    expect(output.plan).toMatchObject({ date_from: '2026-11-14', date_to: '2026-11-14', list_entries: true });
    const entries = entriesOf('2026-11-14');
    expect(entries.length).toBeGreaterThanOrEqual(10);
    for (const entry of entries) expect(output.answer).toContain(`${itemLabel(entry.food_name, entry.food_brand)} (${localizeNumber(formatDecimal(entry.grams), 'en')} g`);
    expect(output.citations.filter((citation) => citation.kind === 'diary-entry')).toHaveLength(entries.length);
  });

  it('answers "what did I eat for dinner yesterday?" with that dinner\'s entries only', async () => {
    const output = await ask('what did I eat for dinner yesterday?');
    expect(output.plan).toMatchObject({ date_from: '2026-11-30', date_to: '2026-11-30', meals: ['dinner'], list_entries: true });
    const dinner = entriesOf('2026-11-30', 'dinner');
    expect(dinner.length).toBeGreaterThan(0);
    expect(output.citations.filter((citation) => citation.kind === 'diary-entry')).toHaveLength(dinner.length);
    for (const entry of dinner) expect(output.answer).toContain(itemLabel(entry.food_name, entry.food_brand));
    expect(output.answer).not.toMatch(/breakfast|lunch|snack/);
  });

  it('compares protein this week with last week, each total equal to the view and the difference between them', async () => {
    const output = await ask('did I eat more protein this week than last week?');
    expect(output.plan).toMatchObject({ date_from: '2026-11-30', date_to: today, compare_to: { date_from: '2026-11-23', date_to: '2026-11-29', clamped: false } });
    const thisWeek = formatDecimal(viewTotal('protein', '2026-11-30', today));
    const lastWeek = formatDecimal(viewTotal('protein', '2026-11-23', '2026-11-29'));
    expect(output.answer).toContain(`• 2026-11-30 to 2026-12-01: total ${localizeNumber(thisWeek, 'en')} g`);
    expect(output.answer).toContain(`• 2026-11-23 to 2026-11-29: total ${localizeNumber(lastWeek, 'en')} g`);
    const difference = (Number(thisWeek) * 10 - Number(lastWeek) * 10) / 10;
    expect(output.answer).toContain(`total ${localizeNumber(formatDecimal(Math.abs(difference)), 'en')} g ${difference < 0 ? 'lower' : 'higher'}`);
  });

  it('answers "more protein than last week?" as this week so far against last week, the same as naming both', async () => {
    const output = await ask('did I eat more protein than last week?');
    const named = await ask('did I eat more protein this week than last week?');
    expect(output.plan).toMatchObject({ date_from: '2026-11-30', date_to: today, compare_to: { date_from: '2026-11-23', date_to: '2026-11-29' } });
    expect(output.answer).toBe(named.answer);
    const spanish = await ask('¿comí más proteína que la semana pasada?');
    expect(spanish.plan).toMatchObject({ date_from: '2026-11-30', date_to: today, compare_to: { date_from: '2026-11-23', date_to: '2026-11-29' } });
  });

  it('compares sodium this week with last week when asked to "compare"', async () => {
    const output = await ask('compare my sodium this week with last week');
    expect(output.plan).toMatchObject({ nutrients: ['sodium'], compare_to: { date_from: '2026-11-23', date_to: '2026-11-29' } });
    expect(output.answer).toContain('Sodium: 2026-11-30 to 2026-12-01 compared with 2026-11-23 to 2026-11-29.');
  });

  it('answers "October or November" with both months', async () => {
    const output = await ask('Did I have more calories in October or November?');
    expect(output.plan).toMatchObject({ date_from: '2026-10-01', date_to: '2026-10-31', compare_to: { date_from: '2026-11-01', date_to: '2026-11-30' } });
    expect(output.answer).toContain('• 2026-10-01 to 2026-10-31: total');
    expect(output.answer).toContain('• 2026-11-01 to 2026-11-30: total');
  });
});

describe('Ask your log says what it cannot answer', () => {
  for (const [question, name] of [
    ['how much vitamin K did I get last week?', 'vitamin K'],
    ['did I drink enough water', 'water'],
    ['what is my cholesterol?', 'cholesterol'],
  ] as const) {
    it(`answers "${question}" with what cita does not track and what it tracks, no figures`, async () => {
      const output = await ask(question);
      expect(output).toMatchObject({ refused: true, refusal: 'untracked_nutrient', plan: { refusal: 'untracked_nutrient', nutrients: [] } });
      expect(output.answer).toMatch(new RegExp(`^cita does not track ${name}: .* It tracks energy, protein, fat`));
      expect(output.grounding.figures).toEqual([]);
      expect(output.notices.map((notice) => notice.code)).not.toContain('nutrients_defaulted');
    });
  }

  it('answers "asdf qwer" with "I did not understand" and examples, never a summary', async () => {
    const output = await ask('asdf qwer');
    expect(output).toMatchObject({ refused: true, refusal: 'not_understood', context: '' });
    expect(output.answer).toMatch(/^I did not understand that as a question about your food diary\. .*for example: "How much sodium did I have last week\?"/);
    expect(output.grounding.figures).toEqual([]);
  });

  it('refuses advice, a food contents, someone else and sleep with their own sentence, never a summary', async () => {
    const cases: Array<[string, RegExp]> = [
      ['what should I eat for dinner tonight?', /^"Ask your log" answers from the entries of your diary.*It does not advise what to eat/],
      ['how many calories are in a banana?', /^"Ask your log" answers about what you ate, not about what a food contains in general\. Look the food up in Foods/],
      ['what did my husband eat yesterday?', /^Your diary holds only your own entries in this profile, so it cannot say what someone else ate\./],
      ['did I sleep well last night', /^Your diary holds what you ate, by day and meal, and its nutrients: nothing about sleep/],
      ['¿me puedes recomendar una cena ligera?', /^«Pregunta a tu registro» responde con las entradas de su diario.*No aconseja qué comer/],
    ];
    for (const [question, sentence] of cases) {
      const output = await ask(question);
      expect(output, question).toMatchObject({ refused: true, refusal: 'not_understood', context: '', citations: [] });
      expect(output.answer, question).toMatch(sentence);
      expect(output.grounding.figures, question).toEqual([]);
    }
    // A refused question says nothing of the period it never looked up (no "365 days asked, 92 used").
    const longPeriod = await ask('what should I eat this year?');
    expect(longPeriod).toMatchObject({ refused: true, refusal: 'not_understood', notices: [] });
    expect(longPeriod.plan?.not_honoured).toEqual([{ code: 'not_understood', text: 'advice' }]);
    // The same words about the log are answered from it.
    const answered = await ask('what did I eat for dinner yesterday?');
    expect(answered.refused).toBe(false);
    expect(answered.citations.length).toBeGreaterThan(0);
  });

  it('answers the tracked part of a question and names the part it cannot', async () => {
    const output = await ask('vitamin K and sodium last week');
    expect(output.refused).toBe(false);
    expect(output.plan?.nutrients).toEqual(['sodium']);
    expect(output.notices.find((notice) => notice.code === 'untracked_nutrient')?.message).toMatch(/^cita does not track vitamin K: only the rest is answered/);
  });

  it('tells an empty diary to log or import entries', async () => {
    const output = await value<AskOutput>(services, 'ask', { corpus: 'diary', profile: 'default', question: 'sodium last week', today });
    expect(output).toMatchObject({ refused: true, refusal: 'empty_diary' });
    expect(output.answer).toContain('Log what you eat in Diary');
    expect(output.answer).not.toMatch(/other words/i);
  });

  it('tells where the entries are when the period asked holds none', async () => {
    const output = await ask('sodium in August');
    expect(output).toMatchObject({ refused: true, refusal: 'no_entries' });
    expect(output.answer).toBe('Your diary has no entries from 2026-08-01 to 2026-08-31. It has entries from 2026-09-03 to 2026-12-01 [1].');
    expect(output.grounding).toMatchObject({ unverified: 0, trusted: true });
  });
});

describe("Ask your log answers in the question's language and number format", () => {
  it('answers a Spanish question in Spanish on an English screen, with decimal commas', async () => {
    const output = await ask('¿qué alimentos me aportaron más sodio en las últimas dos semanas?', { ui_language: 'en' });
    expect(output.language).toBe('es');
    expect(output.answer).toMatch(/^Sodio del 2026-11-18 al 2026-12-01/);
    expect(output.answer).toMatch(/\d,\d mg/);
    expect(output.answer).not.toMatch(/\d\.\d mg/);
    expect(output.grounding).toMatchObject({ unverified: 0, trusted: true });
  });

  it('answers an English question in English on a Spanish screen', async () => {
    const output = await ask('how much protein did I eat last week?', { ui_language: 'es' });
    expect(output.language).toBe('en');
    expect(output.answer).toMatch(/^Protein from 2026-11-23 to 2026-11-29/);
  });

  it("answers a question too short to tell in the screen's language", async () => {
    const output = await ask('kcal', { ui_language: 'es' });
    expect(output.language).toBe('es');
    expect(output.answer).toMatch(/^Energía del/);
  });

  it("names offline rules and the Diary screen in the disclaimer, in the answer's language", async () => {
    expect((await ask('sodium last week')).disclaimer).toBe('Answer composed by offline rules (no AI) from your diary rows; check it in Diary (Day and Trends tabs).');
    expect((await ask('sodio la semana pasada')).disclaimer).toContain('compruébela en Diario (pestañas Día y Tendencias)');
  });

  it('keeps every figure of every kind of answer verified against its own row, in both languages', async () => {
    const questions = [
      'which foods gave me the most sodium in the last two weeks?',
      '¿qué alimentos me aportaron más sodio en las últimas dos semanas?',
      'What did I eat on November 14?',
      '¿Qué comí el 14 de noviembre?',
      'did I eat more protein this week than last week?',
      '¿comí más grasa en octubre o en noviembre?',
      'how much protein from chicken in October vs November?',
      '¿cuánto pollo comí en noviembre frente a octubre?',
      'how much fat was in my lunches last week?',
      '¿cuánto sodio tuvo mi merienda esta semana?',
      'how much sodium did I eat in the last 6 months?',
      'dame un resumen de la semana pasada',
    ];
    for (const question of questions) {
      const output = await ask(question);
      expect(output.refused, question).toBe(false);
      expect(output.grounding.figures.length, question).toBeGreaterThan(3);
      expect(
        output.grounding.figures.filter((figure) => !figure.verified).map((figure) => figure.text),
        question,
      ).toEqual([]);
    }
  });
});

describe('Ask your log on bad input', () => {
  for (const [question, code] of [
    ['grasa el 31 de febrero', 'invalid_date'],
    ['how much protein did I eat on the 45th?', 'invalid_date'],
    ['calories on 0000-01-01', 'invalid_date'],
    ['sodium on 9999-12-31', 'future_period'],
  ] as const) {
    it(`refuses "${question}" with a clear reason and no other period`, async () => {
      const output = await ask(question);
      expect(output).toMatchObject({ refused: true, refusal: code });
      expect(output.grounding.trusted).toBe(true);
      expect(output.context).not.toContain('# daily_totals');
    });
  }

  it('cuts a period over 92 days and says so', async () => {
    const output = await ask('protein this year');
    expect(output.plan).toMatchObject({ date_from: '2026-09-01', date_to: today, clamped: true });
    expect(output.notices.find((notice) => notice.code === 'period_clamped')?.message).toBe('The period asked for has 335 days; only the last 92 are used.');
  });

  it('refuses a profile that does not exist with a clear error', async () => {
    const result = await call(services, 'ask', { corpus: 'diary', profile: 'ghost', question: 'sodium', today });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ code: 'not_found', message: expect.stringMatching(/There is no profile "ghost"/) });
  });
});

/** Per food, the entries of a period whose name matches `like` (SQL LIKE), from the view. */
function viewFoods(like: string, from: string, to: string, nutrient = 'energy_kcal'): Array<{ food_name: string; food_brand: string; entries: number; grams: number; amount: number }> {
  return services.db
    .prepare(
      `SELECT food_name, food_brand, COUNT(*) AS entries, SUM(grams) AS grams, SUM(${nutrient}) AS amount FROM diary_entry_nutrients
       WHERE profile = 'demo' AND date BETWEEN ? AND ? AND food_name LIKE ? GROUP BY food_id ORDER BY food_name`,
    )
    .all(from, to, like) as Array<{ food_name: string; food_brand: string; entries: number; grams: number; amount: number }>;
}

describe('Ask your log answers about the foods a question names, and only them', () => {
  it('answers "how many eggs did I eat last week?" with the egg entries and their totals, not the week’s macros', async () => {
    const output = await ask('how many eggs did I eat last week?');
    expect(output.plan).toMatchObject({ date_from: '2026-11-23', date_to: '2026-11-29', foods: ['eggs'], need_detail: true });
    const eggs = viewFoods('Egg%', '2026-11-23', '2026-11-29');
    expect(eggs.length).toBeGreaterThan(0);
    expect(output.refused).toBe(false);
    expect(output.answer).not.toMatch(/^Energy from/);
    for (const egg of eggs) {
      const line = output.answer.split('\n').find((text) => text.startsWith(`${egg.food_name} from 2026-11-23 to 2026-11-29:`));
      expect(line).toContain(
        `${egg.entries} ${egg.entries === 1 ? 'entry' : 'entries'}, ${localizeNumber(formatDecimal(egg.grams, 1), 'en')} g, ${localizeNumber(formatDecimal(egg.amount, 1), 'en')} kcal in total`,
      );
    }
    // Every entry line is an egg; as many as the view holds.
    const entryLines = output.answer.split('\n').filter((text) => text.startsWith('• '));
    expect(entryLines).toHaveLength(eggs.reduce((sum, egg) => sum + egg.entries, 0));
    for (const line of entryLines) expect(line).toMatch(/: Egg, /);
    for (const citation of output.citations) expect(citation.label).toMatch(/^Egg, /);
    expect(output.grounding.trusted).toBe(true);
  });

  it('answers "¿cuánto queso comí la semana pasada?" in Spanish from the Queso fresco rows', async () => {
    const output = await ask('¿cuánto queso comí la semana pasada?');
    expect(output.plan?.foods).toEqual(['queso']);
    const [cheese] = viewFoods('Queso%', '2026-11-23', '2026-11-29');
    expect(cheese).toBeDefined();
    expect(output.answer).toContain(`del 2026-11-23 al 2026-11-29: ${cheese?.entries} entradas, ${localizeNumber(formatDecimal(cheese?.grams ?? 0, 1), 'es')} g`);
    // Only the foods whose name says queso (the catalog's English for it is paneer): each with its own line.
    const cheeses = [...viewFoods('Queso%', '2026-11-23', '2026-11-29'), ...viewFoods('Paneer', '2026-11-23', '2026-11-29')];
    const totals = output.answer.split('\n').filter((line) => !line.startsWith('• '));
    expect(totals.map((line) => line.slice(0, line.indexOf(' del '))).sort()).toEqual(cheeses.map((food) => itemLabel(food.food_name, food.food_brand)).sort());
  });

  it('gives the nutrient asked for the named food: "how much protein did I get from paneer in November"', async () => {
    const output = await ask('how much protein did I get from paneer in November');
    expect(output.plan).toMatchObject({ date_from: '2026-11-01', date_to: '2026-11-30', nutrients: ['protein'], foods: ['paneer'] });
    const [paneer] = viewFoods('Paneer', '2026-11-01', '2026-11-30', 'protein');
    expect(paneer).toBeDefined();
    expect(output.answer.split('\n')[0]).toContain(`${localizeNumber(formatDecimal(paneer?.amount ?? 0, 1), 'en')} g protein in total`);
    // "pan" of "Pan integral" is not paneer.
    expect(output.answer).not.toContain('Pan integral');
    expect(output.grounding.trusted).toBe(true);
  });

  it('says no entry names "xqzzv" instead of summarising the week, with no figure', async () => {
    const output = await ask('how much xqzzv did I eat this week?');
    expect(output).toMatchObject({ refused: true, refusal: 'no_food_entries' });
    expect(output.answer).toContain('No entry from 2026-11-30 to 2026-12-01 is of a food whose name says "xqzzv"');
    expect(output.grounding.figures).toEqual([]);
    expect(output.citations).toEqual([]);
  });

  it('answers "how much coconut water did I drink in November" from the Coconut Water rows, not as water cita does not track', async () => {
    const output = await ask('how much coconut water did I drink in November');
    expect(output.plan).toMatchObject({ foods: ['coconut water'], date_from: '2026-11-01', date_to: '2026-11-30' });
    expect(output.refused).toBe(false);
    const [coconut] = viewFoods('Coconut Water', '2026-11-01', '2026-11-30');
    expect(coconut).toBeDefined();
    expect(output.answer.split('\n')[0]).toBe(
      `Coconut Water from 2026-11-01 to 2026-11-30: ${coconut?.entries} entries, ${localizeNumber(formatDecimal(coconut?.grams ?? 0, 1), 'en')} g, ${localizeNumber(formatDecimal(coconut?.amount ?? 0, 1), 'en')} kcal in total [1].`,
    );
  });

  it('answers whole days, and says so, when a nutrient is asked "from" words no entry is named by', async () => {
    const output = await ask('how much sodium came from the xqzzv last week');
    expect(output.refused).toBe(false);
    expect(output.plan?.foods).toBeUndefined();
    expect(output.plan).toMatchObject({ nutrients: ['sodium'], date_from: '2026-11-23', date_to: '2026-11-29' });
    expect(output.notices.find((notice) => notice.code === 'foods_unmatched')?.message).toBe('No entry of the period is of a food called "xqzzv": whole days are shown.');
    expect(output.answer).toContain(`Total ${localizeNumber(formatDecimal(viewTotal('sodium', '2026-11-23', '2026-11-29'), 1), 'en')} mg`);
    expect(output.grounding.trusted).toBe(true);
  });

  it('names a vitamin cita does not track by its letter instead of answering with energy', async () => {
    const output = await ask('did I eat enough vitamin Q yesterday?');
    expect(output).toMatchObject({ refused: true, refusal: 'untracked_nutrient' });
    expect(output.answer).toContain('cita does not track vitamin Q');
    const spanish = await ask('¿cuánta vitamina X comí ayer?');
    expect(spanish).toMatchObject({ refused: true, refusal: 'untracked_nutrient' });
  });

  it("compares a named food between two periods: each food's totals in each, equal to the view, and the difference", async () => {
    const output = await ask('did I eat more chicken in November than in October?');
    expect(output.plan).toMatchObject({ date_from: '2026-11-01', date_to: '2026-11-30', compare_to: { date_from: '2026-10-01', date_to: '2026-10-31' }, foods: ['chicken'] });
    expect(output.notices.map((notice) => notice.code)).not.toContain('foods_unmatched');
    expect(output.refused).toBe(false);
    const november = viewFoods('Chicken%', '2026-11-01', '2026-11-30');
    const october = viewFoods('Chicken%', '2026-10-01', '2026-10-31');
    const both = november.filter((food) => october.some((other) => other.food_name === food.food_name));
    expect(both.length).toBeGreaterThan(0);
    const lines = output.answer.split('\n');
    const cell = (value: number): string => formatDecimal(value, 1);
    const words = (difference: string, unit: string): string => `${localizeNumber(difference.replace(/^-/, ''), 'en')} ${unit} ${difference.startsWith('-') ? 'less' : 'more'}`;
    for (const [food, from, to] of [...november.map((row) => [row, '2026-11-01', '2026-11-30'] as const), ...october.map((row) => [row, '2026-10-01', '2026-10-31'] as const)]) {
      const label = itemLabel(food.food_name, food.food_brand);
      expect(lines.find((line) => line.startsWith(`${label}, ${from} to ${to}:`))).toContain(
        `${food.entries} ${food.entries === 1 ? 'entry' : 'entries'}, ${localizeNumber(cell(food.grams), 'en')} g, ${localizeNumber(cell(food.amount), 'en')} kcal in total`,
      );
    }
    for (const food of both) {
      const before = october.find((other) => other.food_name === food.food_name) as (typeof october)[number];
      const line = lines.find((text) => text.startsWith(`${itemLabel(food.food_name, food.food_brand)}, 2026-11-01 to 2026-11-30 against 2026-10-01 to 2026-10-31:`));
      expect(line).toContain(`${words(cellDifference(cell(food.grams), cell(before.grams)), 'g')}, ${words(cellDifference(cell(food.amount), cell(before.amount)), 'kcal')}`);
    }
    // Only chicken: no whole-day summary, every citation a chicken row or a period.
    expect(output.answer).not.toMatch(/Energy: /);
    for (const citation of output.citations) expect(citation.label).toMatch(/^(Chicken, |2026-)/);
    expect(output.grounding.trusted).toBe(true);
    // Each period's figures are checked against that period's row: October's grams given to November are caught.
    const [first] = both;
    const before = october.find((other) => other.food_name === first?.food_name);
    const label = itemLabel(first?.food_name, first?.food_brand);
    const swapped = output.answer.replace(
      `${label}, 2026-11-01 to 2026-11-30: ${first?.entries} ${first?.entries === 1 ? 'entry' : 'entries'}, ${localizeNumber(cell(first?.grams ?? 0), 'en')} g`,
      `${label}, 2026-11-01 to 2026-11-30: ${first?.entries} ${first?.entries === 1 ? 'entry' : 'entries'}, ${localizeNumber(cell(before?.grams ?? 0), 'en')} g`,
    );
    expect(swapped).not.toBe(output.answer);
    const check = checkAttributedGrounding(swapped, output.context as string);
    expect(check.trusted).toBe(false);
    expect(check.figures.find((figure) => !figure.verified)).toMatchObject({ attribution: 'misattributed' });
  });

  it('says a named food has no entry in one period of a comparison, in Spanish, with no difference', async () => {
    const output = await ask('¿comí más huevos esta semana que la pasada?');
    expect(output.plan).toMatchObject({ date_from: '2026-11-30', date_to: today, compare_to: { date_from: '2026-11-23', date_to: '2026-11-29' }, foods: ['huevos'] });
    const thisWeek = viewFoods('Egg%', '2026-11-30', today);
    const lastWeek = viewFoods('Egg%', '2026-11-23', '2026-11-29');
    const onlyOne = [...thisWeek, ...lastWeek].filter((food) => !thisWeek.some((row) => row.food_name === food.food_name) || !lastWeek.some((row) => row.food_name === food.food_name));
    expect(onlyOne.length).toBeGreaterThan(0);
    for (const food of onlyOne) {
      const missing = thisWeek.some((row) => row.food_name === food.food_name) ? 'del 2026-11-23 al 2026-11-29' : `del 2026-11-30 al ${today}`;
      expect(output.answer).toContain(`${itemLabel(food.food_name, food.food_brand)}, ${missing}: ninguna entrada`);
      expect(output.answer).not.toContain(`${itemLabel(food.food_name, food.food_brand)}, del 2026-11-30 al ${today} frente al`);
    }
    expect(output.grounding.trusted).toBe(true);
  });

  it('keeps a food compared under its whole name trusted, and never subtracts two foods that share a name (a review)', async () => {
    const profile = 'yo';
    services.profiles.ensure(profile, 'Yo');
    const add = async (name: string, energy: number) => (await value<{ code: string }>(services, 'foods.add', { profile, name, per100g: { energy_kcal: energy } })).code;
    const mate = await add('Mate', 10);
    const [yogurtA, yogurtB] = [await add('Greek yogurt', 100), await add('Greek yogurt', 120)];
    const log = (food: string, date: string, grams: number) => value(services, 'diary.add', { profile, date, meal: 'breakfast', food, grams });
    await log(mate, '2026-11-30', 300);
    await log(mate, '2026-11-24', 200);
    await log(yogurtA, '2026-11-30', 150);
    await log(yogurtB, '2026-11-25', 170);
    const ask = (question: string) => value<AskOutput>(services, 'ask', { corpus: 'diary', profile, question, today });

    // "mate" is the food's whole name: the periods' lengths in the lead are not read as the food's figures.
    const matePlan = await ask('did I drink more mate this week than last week?');
    expect(matePlan.grounding.trusted).toBe(true);
    expect(matePlan.answer).toContain('Mate, 2026-11-30 to 2026-12-01 against 2026-11-23 to 2026-11-29: 100.0 g more');

    // Two foods called "Greek yogurt": each has its line, and no difference is made between them.
    const yogurt = await ask('total greek yogurt this week vs last week');
    expect(yogurt.grounding.trusted).toBe(true);
    expect(yogurt.answer).toContain('Greek yogurt, 2026-11-30 to 2026-12-01: 1 entry, 150.0 g');
    expect(yogurt.answer).toContain('Greek yogurt, 2026-11-23 to 2026-11-29: 1 entry, 170.0 g');
    expect(yogurt.answer).not.toMatch(/Greek yogurt, 2026-11-30 to 2026-12-01 against/);
  });

  it('says no entry of either period names the food when none does, with no figure; a nutrient asked gets whole days', async () => {
    const none = await ask('did I eat more xqzzv this week than last week?');
    expect(none).toMatchObject({ refused: true, refusal: 'no_food_entries' });
    expect(none.answer).toContain('No entry of either period is of a food whose name says "xqzzv".');
    expect(none.grounding.figures).toEqual([]);
    expect(none.citations).toEqual([]);
    const sodium = await ask('more sodium from xqzzv this week than last week?');
    expect(sodium.refused).toBe(false);
    expect(sodium.plan?.foods).toBeUndefined();
    expect(sodium.notices.find((notice) => notice.code === 'foods_unmatched')?.message).toBe('No entry of either period is of a food called "xqzzv": whole days are shown.');
    expect(sodium.grounding.trusted).toBe(true);
  });
});
