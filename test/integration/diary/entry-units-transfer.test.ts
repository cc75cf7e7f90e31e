import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { exportFiles, exportProfile, importProfile } from '../../../main/app/profile-transfer.js';
import type { DiaryDay, DiaryEntry, Portion } from '../../../shared/contract.js';
import { useTempDirs } from '../../helpers/temp.js';
import { call, diaryServices, entryCount, value } from './diary-helpers.js';

const tempDir = useTempDirs();
let services: Services | undefined;
afterEach(async () => {
  await services?.close();
  services = undefined;
});

async function open(): Promise<Services> {
  services = await diaryServices(tempDir());
  services.profiles.ensure('ana', 'Ana');
  return services;
}

async function portionId(app: Services, code: string, name: string): Promise<number> {
  const portions = await value<Portion[]>(app, 'foods.portions', { profile: 'ana', code });
  return (portions.find((portion) => portion.name.en === name) as Portion).id;
}

const amounts = (day: DiaryDay) =>
  day.meals.flatMap((meal) => meal.entries.map((entry: DiaryEntry) => [entry.food.code, entry.grams, entry.portion ? `${entry.portion.quantity} × ${entry.portion.name.en}` : null]));

describe('the unit an entry was logged in travels with the diary CSV', () => {
  it('exports the household unit and quantity next to the grams, and an import reads them back', async () => {
    const app = await open();
    await value(app, 'diary.add', { profile: 'ana', date: '2026-06-08', meal: 'breakfast', food: 'M001', portion: { id: await portionId(app, 'M001', 'large egg'), quantity: 2 } });
    await value(app, 'diary.add', { profile: 'ana', date: '2026-06-08', meal: 'breakfast', food: 'L002', portion: { id: await portionId(app, 'L002', 'cup (240 ml)'), quantity: 1.5 } });
    await value(app, 'diary.add', { profile: 'ana', date: '2026-06-08', meal: 'lunch', food: 'A015', grams: 80 });
    const directory = join(tempDir(), 'export');
    await exportProfile(app, 'ana', directory);
    const csv = readFileSync(join(directory, exportFiles.diary), 'utf8');
    expect(csv.split('\n').slice(0, 4)).toEqual([
      'date,meal,food_code,grams,portion,quantity',
      '2026-06-08,breakfast,M001,100,large egg,2',
      '2026-06-08,breakfast,L002,366,cup (240 ml),1.5',
      '2026-06-08,lunch,A015,80,,',
    ]);

    // The same file through `diary import` into another profile, and through a whole profile import.
    app.profiles.ensure('ben', 'Ben');
    await value(app, 'diary.import', { profile: 'ben', csv });
    await importProfile(app, 'copy', directory);
    const original = await value<DiaryDay>(app, 'diary.day', { profile: 'ana', date: '2026-06-08' });
    expect(amounts(original)).toEqual([
      ['M001', 100, '2 × large egg'],
      ['L002', 366, '1.5 × cup (240 ml)'],
      ['A015', 80, null],
    ]);
    for (const profile of ['ben', 'copy']) {
      expect(amounts(await value<DiaryDay>(app, 'diary.day', { profile, date: '2026-06-08' })), profile).toEqual(amounts(original));
    }
  });

  it('refuses a unit the food does not have, a unit without quantity, and grams that disagree with the unit, writing nothing', async () => {
    const app = await open();
    const csv = [
      'date,meal,food_code,grams,portion,quantity',
      '2026-06-08,breakfast,M001,100,large egg,2',
      '2026-06-08,breakfast,M001,100,cup (240 ml),2',
      '2026-06-08,breakfast,M001,100,large egg,',
      '2026-06-08,breakfast,M001,120,large egg,2',
    ].join('\n');
    const result = await call(app, 'diary.import', { profile: 'ana', csv });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.details).toEqual([
      'line 3: food "M001" has no household unit "cup (240 ml)" for profile "ana"',
      'line 4: portion and quantity go together: a unit of the food and how many (got "large egg", "")',
      'line 5: grams 120 are not 2 × large egg (100 g)',
    ]);
    expect(entryCount(app, 'ana')).toBe(0);
  });
});
