import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import { translationNotice } from '../../main/corpora/foods/foods-corpus.js';
import { translateFoodQuery } from '../../main/corpora/foods/spanish-food-words.js';
import { takesProfile } from '../../main/server/profile-scope.js';
import { operationNames, type OperationName } from '../../shared/contract.js';
import type { Result } from '../../shared/result.js';
import { createWordHashEmbedder } from '../helpers/fake-embedder.js';
import { useTempDirs } from '../helpers/temp.js';

/**
 * Two profiles in one data directory. Alice owns a food with words nobody else uses, diary entries of odd
 * grams and targets; Bob has data of his own. For every operation that takes a profile, Bob tries to read
 * Alice's data (nothing of hers may appear in his answers) and to change it (her rows stay byte for byte).
 * A small deterministic embedder is used so the semantic path, and its owner filter, is exercised too.
 */
const tempDir = useTempDirs();
let services: Services;
const today = '2025-06-15';
const alice = { profile: 'alice', marker: 'Quimbombo Zafiro', brand: 'Huerta Alicia', grams: 333.3, code: '', entryId: 0 };
let sharedCode = '';
let bobEntryId = 0;

const asEditor = { transport: 'http', role: 'editor' } as const;
const call = (name: OperationName, input: unknown): Promise<Result<unknown>> => services.dispatcher.call(name, input, asEditor);
async function value<T>(name: OperationName, input: unknown): Promise<T> {
  const result = await call(name, input);
  if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

/** Everything Alice owns, as stored: her profile row, foods, diary entries, targets and vectors of her foods. */
function aliceRows(): string {
  const rows = {
    profile: services.db.prepare("SELECT * FROM profiles WHERE id = 'alice'").all(),
    foods: services.db.prepare("SELECT * FROM foods WHERE owner = 'alice' ORDER BY id").all(),
    entries: services.db.prepare("SELECT * FROM diary_entries WHERE profile = 'alice' ORDER BY id").all(),
    targets: services.db.prepare("SELECT * FROM diary_targets WHERE profile = 'alice' ORDER BY id").all(),
  };
  return JSON.stringify(rows);
}

/**
 * Bob's answer must carry nothing of Alice's: her food's words, brand, code, or her odd gram figure. What Bob sent
 * himself (his query or question, echoed back) is taken out first: an echo is not a leak.
 */
function expectNothingOfAlice(result: Result<unknown>, sent: unknown = {}): void {
  const echoes = Object.values(sent as Record<string, unknown>).filter((field): field is string => typeof field === 'string' && field.length > 3);
  // A Spanish food query is also searched in English, and the notice says how: Bob's own words again, in its message
  // and in its structured form (taken out only where it is exactly the translation of what Bob sent).
  const query = (sent as { query?: unknown }).query;
  const translation = typeof query === 'string' ? translateFoodQuery(query) : null;
  const copy = JSON.parse(JSON.stringify(result)) as { value?: { notices?: Array<{ translation?: unknown }> } };
  if (translation) {
    const notice = translationNotice(translation);
    echoes.unshift(notice.message);
    for (const shown of copy.value?.notices ?? []) if (JSON.stringify(shown.translation) === JSON.stringify(notice.translation)) delete shown.translation;
  }
  let text = JSON.stringify(copy);
  for (const echo of echoes) text = text.split(JSON.stringify(echo).slice(1, -1)).join('');
  expect(text).not.toContain('Quimbombo');
  expect(text).not.toContain('Zafiro');
  expect(text).not.toContain(alice.brand);
  expect(text).not.toMatch(new RegExp(`"${alice.code}"`));
  expect(text).not.toContain('333.3');
}

beforeAll(async () => {
  services = await createServices({ dataDir: tempDir(), embedder: createWordHashEmbedder() });
  await services.module('foods')?.ingest?.({});
  await services.module('catalog')?.ingest?.({});
  await services.module('kb')?.ingest?.({});
  services.profiles.ensure('alice', 'Alice');
  services.profiles.ensure('bob', 'Bob');
  sharedCode = (services.db.prepare('SELECT code FROM foods WHERE owner IS NULL ORDER BY id LIMIT 1').get() as { code: string }).code;

  const food = await value<{ code: string }>('foods.add', { profile: 'alice', name: alice.marker, brand: alice.brand, per100g: { energy_kcal: 77, sodium: 4321 } });
  alice.code = food.code;
  const entry = await value<{ id: number }>('diary.add', { profile: 'alice', date: '2025-06-10', meal: 'lunch', food: alice.code, grams: alice.grams });
  alice.entryId = entry.id;
  await value('diary.add', { profile: 'alice', date: '2025-06-12', meal: 'dinner', food: alice.code, grams: alice.grams });
  await value('diary.targets.set', { profile: 'alice', nutrient: 'sodium', amount: 1234, effective_from: '2025-01-01' });

  await value('foods.add', { profile: 'bob', name: 'Pan de centeno', per100g: { energy_kcal: 250, sodium: 500 } });
  bobEntryId = (await value<{ id: number }>('diary.add', { profile: 'bob', date: '2025-06-10', meal: 'lunch', food: sharedCode, grams: 120 })).id;
}, 180_000);

afterAll(async () => {
  await services?.close();
});

/** A Cronometer servings.csv of one row (line 2) naming `food`, 100 g. */
function cronometerCsv(food: string): string {
  return `Day,Time,Group,Food Name,Amount,Energy (kcal)\n2025-06-13,7:00 AM,Breakfast,${food},100.00 g,77\n`;
}
/** Alice's food's name misspelt: it holds neither of her marker words, so an echo of it is not a leak. */
const nearAlice = 'Quimbonbo Zafyro';

/** One attack per operation that takes a profile; a new such operation without an entry here fails the suite. */
interface Attempt {
  name: OperationName;
  input: () => Record<string, unknown>;
}
const attempt = (name: OperationName, input: () => Record<string, unknown>): Attempt => ({ name, input });
const attacks: Partial<Record<OperationName, { reads: Attempt[]; writes: Attempt[] }>> = {
  search: {
    reads: (['keyword', 'vector', 'hybrid'] as const).flatMap((strategy) => [
      attempt('search', () => ({ corpus: 'foods', query: alice.marker, strategy, k: 100, profile: 'bob' })),
      attempt('search', () => ({ corpus: 'foods', query: `${alice.brand} quimbombo`, strategy, k: 100, profile: 'bob' })),
      attempt('search', () => ({ corpus: 'kb', query: alice.marker, strategy, profile: 'bob' })),
      attempt('search', () => ({ corpus: 'catalog', query: alice.marker, strategy, profile: 'bob' })),
    ]),
    writes: [],
  },
  ask: {
    reads: [
      attempt('ask', () => ({ corpus: 'diary', question: 'which foods gave me the most sodium in the last two weeks?', profile: 'bob', today })),
      attempt('ask', () => ({ corpus: 'diary', question: '¿qué comí el 10 de junio de 2025?', profile: 'bob', today })),
      attempt('ask', () => ({ corpus: 'diary', question: `how much ${alice.marker} did I eat this month?`, profile: 'bob', today })),
      attempt('ask', () => ({ corpus: 'kb', question: alice.marker, profile: 'bob' })),
    ],
    writes: [],
  },
  'foods.get': { reads: [attempt('foods.get', () => ({ profile: 'bob', code: alice.code }))], writes: [] },
  'foods.update': {
    reads: [],
    writes: [
      attempt('foods.update', () => ({ profile: 'bob', code: alice.code, name: 'Taken by Bob' })),
      attempt('foods.update', () => ({ profile: 'bob', code: alice.code, per100g: { sodium: 0 } })),
    ],
  },
  'foods.add': {
    reads: [],
    // Allowed, but it must land in Bob's catalog, not touch Alice's.
    writes: [attempt('foods.add', () => ({ profile: 'bob', name: alice.marker, brand: alice.brand, per100g: { energy_kcal: 1 } }))],
  },
  'diary.add': {
    reads: [],
    writes: [attempt('diary.add', () => ({ profile: 'bob', date: '2025-06-11', meal: 'snack', food: alice.code, grams: 50 }))],
  },
  'diary.remove': { reads: [], writes: [attempt('diary.remove', () => ({ profile: 'bob', id: alice.entryId }))] },
  'diary.update': {
    reads: [],
    writes: [attempt('diary.update', () => ({ profile: 'bob', id: alice.entryId, grams: 1 })), attempt('diary.update', () => ({ profile: 'bob', id: alice.entryId, meal: 'snack' }))],
  },
  'diary.recent': { reads: [attempt('diary.recent', () => ({ profile: 'bob', limit: 20 }))], writes: [] },
  'foods.portions': { reads: [attempt('foods.portions', () => ({ profile: 'bob', code: alice.code }))], writes: [] },
  'foods.portions.add': { reads: [], writes: [attempt('foods.portions.add', () => ({ profile: 'bob', code: alice.code, name: 'slice', grams: 30 }))] },
  'diary.day': {
    reads: [attempt('diary.day', () => ({ profile: 'bob', date: '2025-06-10' })), attempt('diary.day', () => ({ profile: 'bob', date: '2025-06-12' }))],
    writes: [],
  },
  'diary.series': {
    reads: [attempt('diary.series', () => ({ profile: 'bob', date_from: '2025-06-01', date_to: today, nutrients: ['sodium', 'energy_kcal'] }))],
    writes: [],
  },
  'diary.import': {
    reads: [attempt('diary.import', () => ({ profile: 'bob', csv: `date,meal,food_code,grams\n2025-06-13,lunch,${alice.code},10\n`, dry_run: true }))],
    writes: [
      attempt('diary.import', () => ({ profile: 'bob', csv: `date,meal,food_code,grams\n2025-06-13,lunch,${alice.code},10\n` })),
      attempt('diary.import', () => ({ profile: 'bob', csv: `date,meal,food_code,grams\n2025-06-13,lunch,${sharedCode},10\n2025-06-13,dinner,${alice.code},10\n` })),
    ],
  },
  'diary.targets.set': { reads: [], writes: [attempt('diary.targets.set', () => ({ profile: 'bob', nutrient: 'sodium', amount: 1, effective_from: '2025-01-01' }))] },
  // A Cronometer export naming Alice's food with a typo (her own preview proposes it: see below), or Bob choosing
  // her food's code for a row.
  'diary.import.preview': {
    reads: [
      attempt('diary.import.preview', () => ({ profile: 'bob', csv: cronometerCsv(nearAlice) })),
      attempt('diary.import.preview', () => ({ profile: 'bob', csv: cronometerCsv('Rice'), choices: [{ line: 2, food: alice.code }] })),
    ],
    writes: [],
  },
  'diary.import.confirm': {
    reads: [],
    writes: [
      attempt('diary.import.confirm', () => ({ profile: 'bob', csv: cronometerCsv(nearAlice), accept_weak: true })),
      attempt('diary.import.confirm', () => ({ profile: 'bob', csv: cronometerCsv('Rice'), choices: [{ line: 2, food: alice.code }] })),
    ],
  },
};

describe('profile isolation', () => {
  it('covers every operation that takes a profile', () => {
    const scoped = operationNames.filter(takesProfile);
    expect(scoped.length).toBeGreaterThan(5);
    expect(scoped.filter((name) => !attacks[name]).sort()).toEqual([]);
  });

  it('Alice sees her own data, so the checks below can fail', async () => {
    const search = await value<{ hits: Array<{ id: string }> }>('search', { corpus: 'foods', query: alice.marker, strategy: 'vector', profile: 'alice' });
    expect(search.hits.map((hit) => hit.id)).toContain(alice.code);
    const keyword = await value<{ hits: Array<{ id: string }> }>('search', { corpus: 'foods', query: alice.marker, strategy: 'keyword', profile: 'alice' });
    expect(keyword.hits.map((hit) => hit.id)).toContain(alice.code);
    const day = await call('diary.day', { profile: 'alice', date: '2025-06-10' });
    expect(JSON.stringify(day)).toContain('Quimbombo');
    const ask = await call('ask', { corpus: 'diary', question: 'which foods gave me the most sodium in the last two weeks?', profile: 'alice', today });
    expect(JSON.stringify(ask)).toContain('Quimbombo');
    expect((await call('foods.get', { profile: 'alice', code: alice.code })).ok).toBe(true);
    const preview = await call('diary.import.preview', { profile: 'alice', csv: cronometerCsv(nearAlice) });
    expect(JSON.stringify(preview)).toContain('Quimbombo');
  });

  it("the leak check catches Alice's data when it is there", async () => {
    const hers = await call('search', { corpus: 'foods', query: 'zafiro', strategy: 'keyword', profile: 'alice' });
    expect(() => expectNothingOfAlice(hers, { query: 'zafiro' })).toThrow();
    const entry = await call('diary.day', { profile: 'alice', date: '2025-06-12' });
    expect(() => expectNothingOfAlice(entry)).toThrow();
  });

  const reads = Object.entries(attacks).flatMap(([name, attack]) => (attack?.reads ?? []).map((read, index) => [`${name} #${index + 1}`, read] as const));
  it.each(reads)("Bob cannot read Alice's data through %s", async (_label, read) => {
    const input = read.input();
    const result = await call(read.name, input);
    if (!result.ok) expect(result.error.code).not.toBe('internal');
    expectNothingOfAlice(result, input);
  });

  const writes = Object.entries(attacks).flatMap(([name, attack]) => (attack?.writes ?? []).map((write, index) => [`${name} #${index + 1}`, write] as const));
  it.each(writes)("Bob cannot change Alice's data through %s", async (_label, write) => {
    const before = aliceRows();
    const input = write.input();
    const result = await call(write.name, input);
    if (!result.ok) expect(result.error.code).not.toBe('internal');
    expectNothingOfAlice(result, input);
    expect(aliceRows()).toBe(before);
  });

  it("Bob's writes that name Alice's rows are refused, not silently redirected", async () => {
    for (const { name, input } of [
      attempt('foods.update', () => ({ profile: 'bob', code: alice.code, name: 'x' })),
      attempt('diary.add', () => ({ profile: 'bob', date: '2025-06-11', meal: 'snack', food: alice.code, grams: 50 })),
      attempt('diary.remove', () => ({ profile: 'bob', id: alice.entryId })),
      attempt('diary.import', () => ({ profile: 'bob', csv: `date,meal,food_code,grams\n2025-06-13,lunch,${alice.code},10\n` })),
      attempt('diary.import.confirm', () => ({ profile: 'bob', csv: cronometerCsv('Rice'), choices: [{ line: 2, food: alice.code }] })),
    ]) {
      const result = await call(name, input());
      expect(result.ok, name).toBe(false);
    }
  });

  it("Alice's answers do not pick up what Bob did", async () => {
    const day = await value<{ totals: { entries: number } }>('diary.day', { profile: 'alice', date: '2025-06-10' });
    expect(day.totals.entries).toBe(1);
    const removed = await call('diary.remove', { profile: 'alice', id: bobEntryId });
    expect(removed.ok).toBe(false);
    const search = await value<{ hits: Array<{ title: string; source: string }> }>('search', { corpus: 'foods', query: 'Pan de centeno', strategy: 'hybrid', k: 100, profile: 'alice' });
    expect(search.hits.filter((hit) => hit.source === 'profile:bob')).toEqual([]);
  });
});
