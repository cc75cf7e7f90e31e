import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import { exportFiles, exportProfile, importProfile } from '../../main/app/profile-transfer.js';
import { runCita } from '../helpers/cli.js';
import { useTempDirs } from '../helpers/temp.js';
import { fingerprint } from './support/fingerprint.js';

const tempDir = useTempDirs();
let services: Services;
let shared = '';
const editor = { transport: 'cli', role: 'editor' } as const;

async function value<T>(name: string, input: unknown): Promise<T> {
  const result = await services.dispatcher.call(name, input, editor);
  if (!result.ok) throw new Error(`${name}: ${result.error.message} ${JSON.stringify(result.error.details ?? [])}`);
  return result.value as T;
}

beforeEach(async () => {
  services = await createServices({ dataDir: tempDir(), embedder: null });
  await services.module('foods')?.ingest?.({});
  shared = (services.db.prepare('SELECT code FROM foods WHERE owner IS NULL ORDER BY id LIMIT 1').get() as { code: string }).code;
  services.profiles.ensure('alice', 'Alice');
  services.profiles.ensure('bob', 'Bob');
  const bread = await value<{ code: string }>('foods.add', { profile: 'alice', name: 'Pan de masa madre', brand: 'Horno, "el bueno"', per100g: { energy_kcal: 250, sodium: 480.5 } });
  const formula = await value<{ code: string }>('foods.add', { profile: 'alice', name: '=HYPERLINK("http://evil.example","x")', brand: '-2+3', per100g: { protein: 1 } });
  await value('diary.add', { profile: 'alice', date: '2025-06-01', meal: 'breakfast', food: bread.code, grams: 80 });
  await value('diary.add', { profile: 'alice', date: '2025-06-01', meal: 'lunch', food: shared, grams: 150.25 });
  await value('diary.add', { profile: 'alice', date: '2025-06-02', meal: 'snack', food: formula.code, grams: 5 });
  await value('diary.targets.set', { profile: 'alice', nutrient: 'sodium', amount: 2000, effective_from: '2025-01-01' });
  await value('foods.add', { profile: 'bob', name: 'Secreto de Bob', per100g: { energy_kcal: 1 } });
});

afterEach(async () => {
  await services.close();
});

/** A day of a profile's diary without ids and codes (which differ between a profile and its imported copy). */
async function dayWithoutIds(profile: string, date: string): Promise<unknown> {
  const day = await value<{ meals: Array<{ meal: string; entries: Array<{ food: { name: string; brand: string }; grams: number; nutrients: unknown }> }>; totals: unknown; targets: unknown }>(
    'diary.day',
    { profile, date },
  );
  return {
    meals: day.meals.map((meal) => ({ meal: meal.meal, entries: meal.entries.map((entry) => ({ food: entry.food.name, brand: entry.food.brand, grams: entry.grams, nutrients: entry.nutrients })) })),
    totals: day.totals,
    targets: day.targets,
  };
}

describe('profile export and import', () => {
  it("round-trips a profile's foods, diary and targets into a new profile", async () => {
    const out = join(tempDir(), 'alice');
    const exported = await exportProfile(services, 'alice', out);
    expect(exported).toMatchObject({ foods: 2, diary: 3, targets: 1 });
    const imported = await importProfile(services, 'alice2', out, { name: 'Alice (copy)' });
    expect(imported).toMatchObject({ profile: 'alice2', foods: 2, diary: 3, targets: 1 });
    for (const date of ['2025-06-01', '2025-06-02']) expect(await dayWithoutIds('alice2', date)).toEqual(await dayWithoutIds('alice', date));
    expect(services.profiles.list()).toContainEqual({ id: 'alice2', name: 'Alice (copy)', demo: false });
  });

  it('writes owner-only files, and only the profile’s own data', async () => {
    const out = join(tempDir(), 'alice');
    await exportProfile(services, 'alice', out);
    expect(statSync(out).mode & 0o777).toBe(0o700);
    for (const name of Object.values(exportFiles)) expect(statSync(join(out, name)).mode & 0o777).toBe(0o600);
    const text = Object.values(exportFiles)
      .map((name) => readFileSync(join(out, name), 'utf8'))
      .join('\n');
    expect(text).not.toContain('Secreto de Bob');
    expect(readFileSync(join(out, exportFiles.diary), 'utf8').split('\n')[0]).toBe('date,meal,food_code,grams,portion,quantity');
  });

  it('defuses spreadsheet formulas in exported text and restores the text on import', async () => {
    const out = join(tempDir(), 'alice');
    await exportProfile(services, 'alice', out);
    const foods = readFileSync(join(out, exportFiles.foods), 'utf8');
    expect(foods).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(foods).toContain(`'-2+3`);
    expect(foods).not.toMatch(/(^|,)=HYPERLINK/m);
    await importProfile(services, 'alice2', out);
    const names = services.db.prepare("SELECT name, brand FROM foods WHERE owner = 'alice2' ORDER BY id").all();
    expect(names).toContainEqual({ name: '=HYPERLINK("http://evil.example","x")', brand: '-2+3' });
  });

  it('refuses to overwrite an earlier export', async () => {
    const out = join(tempDir(), 'alice');
    await exportProfile(services, 'alice', out);
    const before = readFileSync(join(out, exportFiles.foods));
    await expect(exportProfile(services, 'bob', out)).rejects.toMatchObject({ code: 'conflict' });
    expect(readFileSync(join(out, exportFiles.foods)).equals(before)).toBe(true);
  });

  it('refuses to import into a profile that has data, changing nothing', async () => {
    const out = join(tempDir(), 'alice');
    await exportProfile(services, 'alice', out);
    const before = fingerprint(services.db);
    await expect(importProfile(services, 'bob', out)).rejects.toMatchObject({ code: 'conflict' });
    expect(fingerprint(services.db)).toEqual(before);
  });

  describe('writes nothing at all when', () => {
    async function refusedImport(edit: (directory: string) => void, code: string): Promise<void> {
      const out = join(tempDir(), 'alice');
      await exportProfile(services, 'alice', out);
      edit(out);
      const before = fingerprint(services.db);
      await expect(importProfile(services, 'carol', out)).rejects.toMatchObject({ code });
      expect(fingerprint(services.db)).toEqual(before);
      expect(services.profiles.exists('carol')).toBe(false);
    }
    const rewrite = (directory: string, file: string, change: (text: string) => string) => writeFileSync(join(directory, file), change(readFileSync(join(directory, file), 'utf8')));

    it('a food row is invalid (checked before any write)', () => refusedImport((directory) => rewrite(directory, exportFiles.foods, (text) => text.replace(',250,', ',-250,')), 'invalid_input'));

    it('a diary line is invalid (found after the foods were written: rolled back)', () =>
      refusedImport((directory) => rewrite(directory, exportFiles.diary, (text) => `${text}2025-02-30,lunch,${shared},10\n`), 'invalid_input'));

    it('the diary names an own food the export does not hold (rolled back)', () =>
      refusedImport((directory) => rewrite(directory, exportFiles.diary, (text) => `${text}2025-06-03,lunch,U999999,10\n`), 'invalid_input'));

    it('a target row is invalid', () => refusedImport((directory) => rewrite(directory, exportFiles.targets, (text) => `${text}sodium,NaN,2025-01-01\n`), 'invalid_input'));

    it('the foods file has an unknown column', () =>
      refusedImport((directory) => rewrite(directory, exportFiles.foods, (text) => text.replace('code,name', 'code,name,owner').replace(/\n(U\d+),/g, '\n$1,bob,')), 'invalid_input'));

    it('the foods file is not CSV', () => refusedImport((directory) => writeFileSync(join(directory, exportFiles.foods), 'code,name\n"unterminated,x\n'), 'invalid_input'));
  });

  it('refuses a directory with no export in it', async () => {
    const empty = tempDir();
    mkdirSync(join(empty, 'nothing'));
    await expect(importProfile(services, 'carol', join(empty, 'nothing'))).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(importProfile(services, 'carol', join(empty, 'missing'))).rejects.toMatchObject({ code: 'not_found' });
    await expect(importProfile(services, '../etc', empty)).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe('cita export and cita import-profile', () => {
  it('round-trip from the command line, with usage errors for missing flags', async () => {
    const dataDir = services.dataDir;
    await services.close();
    const out = join(tempDir(), 'export');
    expect(runCita(['export', '--profile', 'alice', '--data-dir', dataDir]).status).toBe(2);
    expect(runCita(['export', '--profile', 'nobody', '--out', out, '--data-dir', dataDir]).status).toBe(1);
    expect(existsSync(join(out, exportFiles.foods))).toBe(false);
    const exported = runCita(['export', '--profile', 'alice', '--out', out, '--data-dir', dataDir, '--json']);
    expect(exported.status, exported.stderr).toBe(0);
    const imported = runCita(['import-profile', '--profile', 'dora', '--from', out, '--data-dir', dataDir, '--json']);
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.json()).toMatchObject({ profile: 'dora', foods: 2, diary: 3, targets: 1 });
    services = await createServices({ dataDir, embedder: null });
  });
});
