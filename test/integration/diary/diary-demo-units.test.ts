import { afterEach, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { demoFoods } from '../../../main/corpora/diary/diary-demo.js';
import type { DiaryDay, DiaryEntry } from '../../../shared/contract.js';
import { useTempDirs } from '../../helpers/temp.js';
import { diaryServices, testToday, value } from './diary-helpers.js';

const tempDir = useTempDirs();
let services: Services | undefined;
afterEach(async () => {
  await services?.close();
  services = undefined;
});

/** Every demo entry as the Day view shows it, over the demo's 90 days. */
async function demoEntries(app: Services): Promise<DiaryEntry[]> {
  const days = app.db.prepare("SELECT DISTINCT date FROM diary_entries WHERE profile = 'demo' ORDER BY date").all() as { date: string }[];
  const entries: DiaryEntry[] = [];
  for (const { date } of days) {
    const day = await value<DiaryDay>(app, 'diary.day', { profile: 'demo', date });
    entries.push(...day.meals.flatMap((meal) => meal.entries));
  }
  return entries;
}

describe('the demo diary logs food as a person does', () => {
  it('logs milk by the cup, bananas and eggs by the piece, and its own packaged foods in their own units, each weighing what its unit says', async () => {
    services = await diaryServices(tempDir(), { demo: true, today: testToday });
    const entries = await demoEntries(services);
    expect(entries.length).toBeGreaterThan(900);
    const named = (name: string) => entries.filter((entry) => entry.food.name === name);

    const milk = named('Milk, whole, Cow');
    expect(milk.length).toBeGreaterThan(0);
    for (const entry of milk) expect([entry.portion?.name.en, entry.portion?.quantity, entry.grams]).toEqual(['cup (240 ml)', 1, 244]);
    for (const entry of named('Banana, ripe, robusta')) expect([entry.portion?.name.en, entry.portion?.name.es, entry.grams]).toEqual(['medium banana', 'plátano mediano', 118]);
    const eggs = named('Egg, poultry, whole, boiled');
    expect(eggs.length).toBeGreaterThan(0);
    for (const entry of eggs) expect(entry.grams).toBe(50 * (entry.portion?.quantity ?? Number.NaN));

    for (const food of demoFoods) {
      const logged = named(food.name);
      expect(logged.length, food.name).toBeGreaterThan(0);
      for (const entry of logged) {
        expect(entry.portion?.name.es, food.name).toBe(food.unit.name);
        expect(entry.grams, food.name).toBeCloseTo(food.unit.grams * (entry.portion?.quantity ?? Number.NaN), 5);
      }
    }
    // Foods with no household unit (dals, leafy vegetables) stay in grams, as IFCT gives none for them.
    expect(named('Bengal gram, dal').every((entry) => entry.portion === null)).toBe(true);
    expect(entries.filter((entry) => entry.portion !== null).length / entries.length).toBeGreaterThan(0.4);
  });

  it('seeds the same diary, units included, when seeded twice', async () => {
    services = await diaryServices(tempDir(), { demo: true, today: testToday });
    const first = await demoEntries(services);
    await services.module('diary')?.seedDemo?.({ today: testToday });
    const second = await demoEntries(services);
    const shape = (entries: DiaryEntry[]) => entries.map((entry) => [entry.food.name, entry.grams, entry.portion?.name.en ?? null, entry.portion?.quantity ?? null]);
    expect(shape(second)).toEqual(shape(first));
    const units = services.db.prepare("SELECT COUNT(*) AS count FROM food_portions WHERE owner = 'demo'").get() as { count: number };
    expect(units.count).toBe(demoFoods.length);
  });
});
