/**
 * Whatever `cita export` writes, `cita import-profile` reads back: no limit of the import (made for one CSV sent to
 * `diary.import`) stands between a profile and its own export. The files are streamed, so their size does not
 * matter either.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../main/app/bootstrap.js';
import { maxImportRows } from '../../main/corpora/diary/diary-import.js';
import { runCita } from '../helpers/cli.js';
import { useTempDirs } from '../helpers/temp.js';

const tempDir = useTempDirs();
const editor = { transport: 'cli', role: 'editor' } as const;

/** A data directory whose profile "ana" has `entries` diary entries of one own food, written through diary.import. */
async function profileWithEntries(entries: number): Promise<string> {
  const dataDir = tempDir();
  const services = await createServices({ dataDir, embedder: null });
  services.profiles.ensure('ana', 'Ana');
  const food = await services.dispatcher.call('foods.add', { profile: 'ana', name: 'Arepa', per100g: { energy_kcal: 220 } }, editor);
  if (!food.ok) throw new Error(food.error.message);
  const code = (food.value as { code: string }).code;
  const start = Date.parse('2020-01-01T00:00:00Z');
  const rows = Array.from({ length: entries }, (_, index) => `${new Date(start + (index % 2000) * 86_400_000).toISOString().slice(0, 10)},lunch,${code},${(index % 400) + 1}`);
  for (let from = 0; from < rows.length; from += maxImportRows) {
    const csv = ['date,meal,food_code,grams', ...rows.slice(from, from + maxImportRows)].join('\n');
    const result = await services.dispatcher.call('diary.import', { profile: 'ana', csv }, editor);
    if (!result.ok) throw new Error(result.error.message);
  }
  await services.close();
  return dataDir;
}

describe('cita import-profile', () => {
  it(`reads back an export with more diary entries (21,054) than one diary import takes (${maxImportRows})`, async () => {
    const dataDir = await profileWithEntries(21_054);
    const out = join(tempDir(), 'ana');
    const exported = runCita(['export', '--profile', 'ana', '--out', out, '--data-dir', dataDir, '--json']);
    expect(exported.status, exported.stderr).toBe(0);
    expect(exported.json()).toMatchObject({ diary: 21_054 });
    const imported = runCita(['import-profile', '--profile', 'ana2', '--from', out, '--data-dir', dataDir, '--json']);
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.json()).toMatchObject({ profile: 'ana2', foods: 1, diary: 21_054 });
  });
});
