import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { seedShippedData } from '../../../main/app/seed.js';
import { openDatabase } from '../../../main/db/connection.js';
import type { AskOutput, DemoRemoval, SearchOutput } from '../../../shared/contract.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const open = useServices();
const today = '2026-07-02';

/** The app's start on `dataDir`; the demo diary ends on the real today unless told otherwise. */
async function firstStart(dataDir: string, options: { today?: string } = {}): Promise<Services> {
  const services = await open({ dataDir, embedder: createWordHashEmbedder() });
  await seedShippedData(services, { demo: 'first-run', ...options });
  return services;
}

async function value<T>(services: Services, name: string, input: unknown): Promise<T> {
  const result = await services.dispatcher.call(name, input, { transport: 'ipc', role: 'editor' });
  if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

function count(services: Services, sql: string, ...parameters: unknown[]): number {
  return (services.db.prepare(sql).get(...parameters) as { n: number }).n;
}

describe('the demo data of the first start', () => {
  it('is loaded into a new data directory, marked as demo data, and answers the sodium question', async () => {
    const app = await firstStart(tempDir());
    expect(await value(app, 'profiles.list', {})).toEqual([
      { id: 'default', name: 'Default', demo: false },
      { id: 'demo', name: 'Demo', demo: true },
    ]);
    const answer = await value<AskOutput>(app, 'ask', { corpus: 'diary', profile: 'demo', question: 'which foods gave me the most sodium last week?' });
    expect(answer.refused).toBe(false);
    expect(answer.answer).toMatch(/^Sodium from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d \(7 days, entries on 7 of them\)/);
    expect(answer.answer).toMatch(/Largest single entries, one per food: .+ g with .+ mg on /);
    expect(answer.grounding.unverified).toBe(0);
  });

  it("puts the demo's own foods in the keyword index at once, not at the next start", async () => {
    const app = await firstStart(tempDir());
    const found = await value<SearchOutput>(app, 'search', { corpus: 'foods', query: 'Maruchan', profile: 'demo', strategy: 'keyword' });
    expect(found.hits.map((hit) => hit.title)).toContain('Sopa instantánea de fideos (Maruchan)');
  });

  it('is not loaded again at the next start, so a demo the user edited stays as they left it', async () => {
    const dataDir = tempDir();
    const first = await firstStart(dataDir, { today });
    const entries = count(first, "SELECT count(*) AS n FROM diary_entries WHERE profile = 'demo'");
    await value(first, 'diary.add', { profile: 'demo', date: today, meal: 'snack', food: 'E001', grams: 150 });
    await first.close();

    const progress: string[] = [];
    const again = await open({ dataDir, embedder: createWordHashEmbedder() });
    const result = await seedShippedData(again, { demo: 'first-run', today: '2026-08-15', onProgress: (message) => progress.push(message) });
    expect(result.demo).toEqual({});
    expect(count(again, "SELECT count(*) AS n FROM diary_entries WHERE profile = 'demo'")).toBe(entries + 1);
    expect(count(again, "SELECT count(*) AS n FROM diary_entries WHERE profile = 'demo' AND date > ?", today)).toBe(0);
    // Nothing was left to embed: no job and no "embedding 0 of 0" lines.
    expect(progress.filter((line) => line.startsWith('embedding'))).toEqual([]);
    expect(again.jobs.list()).toEqual([]);
  });

  it('is never loaded into a data directory that already holds data of the user', async () => {
    const dataDir = tempDir();
    const before = openDatabase(join(dataDir, 'cita.sqlite'), { upTo: 8 });
    before.prepare("INSERT INTO profiles (id, name) VALUES ('ana', 'Ana')").run();
    before.close();
    const app = await firstStart(dataDir);
    expect((await value<Array<{ id: string }>>(app, 'profiles.list', {})).map((profile) => profile.id)).toEqual(['ana', 'default']);
  });

  it('leaves a profile of the user called "demo" alone: the first start skips it, cita seed --demo refuses', async () => {
    const app = await open({ dataDir: tempDir(), embedder: createWordHashEmbedder() });
    await value(app, 'profiles.add', { id: 'demo', name: 'My demo' });
    await seedShippedData(app, { demo: 'first-run', today });
    expect(count(app, "SELECT count(*) AS n FROM diary_entries WHERE profile = 'demo'")).toBe(0);
    await expect(seedShippedData(app, { demo: true, today })).rejects.toThrow(/A profile of your own is called "demo"/);
    expect(await value(app, 'profiles.list', {})).toContainEqual({ id: 'demo', name: 'My demo', demo: false });
    expect((await value<DemoRemoval>(app, 'demo.remove', {})).removed).toBe(false);
    expect(await value(app, 'profiles.list', {})).toContainEqual({ id: 'demo', name: 'My demo', demo: false });
  });
});

describe('demo.remove', () => {
  it('removes the demo profile with its foods, their vectors, its diary and targets, and nothing else', async () => {
    const app = await firstStart(tempDir());
    await value(app, 'profiles.add', { id: 'ana', name: 'Ana' });
    const own = await value<{ code: string }>(app, 'foods.add', { profile: 'ana', name: 'Queso de Ana', per100g: { sodium: 600 } });
    await value(app, 'diary.add', { profile: 'ana', date: today, meal: 'lunch', food: own.code, grams: 40 });
    const demoFoods = count(app, "SELECT count(*) AS n FROM foods WHERE owner = 'demo'");
    const demoEntries = count(app, "SELECT count(*) AS n FROM diary_entries WHERE profile = 'demo'");
    const vectorsBefore = (await value<{ corpora: Array<{ corpus: string; vectors: number }> }>(app, 'status', {})).corpora.find((corpus) => corpus.corpus === 'foods')?.vectors ?? 0;

    const removal = await value<DemoRemoval>(app, 'demo.remove', {});
    expect(removal).toEqual({ removed: true, profiles: ['demo'], foods: demoFoods, entries: demoEntries, targets: 8 });
    expect(demoFoods).toBe(7);
    expect(count(app, "SELECT count(*) AS n FROM foods WHERE owner = 'demo'")).toBe(0);
    expect(count(app, "SELECT count(*) AS n FROM diary_targets WHERE profile = 'demo'")).toBe(0);
    const status = await value<{ corpora: Array<{ corpus: string; vectors: number; stale: number; missing: number }> }>(app, 'status', {});
    expect(status.corpora.find((corpus) => corpus.corpus === 'foods')).toMatchObject({ rows: 543, vectors: vectorsBefore - demoFoods, stale: 0, missing: 0 });
    // Gone from the keyword index as well, and the user's own profile, food and entry are all still there.
    const found = await value<SearchOutput>(app, 'search', { corpus: 'foods', query: 'Maruchan', profile: 'default', strategy: 'keyword' });
    expect(found.hits.map((hit) => hit.title)).not.toContain('Sopa instantánea de fideos (Maruchan)');
    expect((await value<Array<{ id: string }>>(app, 'profiles.list', {})).map((profile) => profile.id)).toEqual(['ana', 'default']);
    expect(count(app, "SELECT count(*) AS n FROM diary_entries WHERE profile = 'ana'")).toBe(1);
  });

  it('is for good: the first start does not bring the demo back', async () => {
    const dataDir = tempDir();
    const first = await firstStart(dataDir);
    await value(first, 'demo.remove', {});
    await first.close();
    const again = await firstStart(dataDir);
    expect(await value(again, 'profiles.list', {})).toEqual([{ id: 'default', name: 'Default', demo: false }]);
    expect(await value(again, 'demo.remove', {})).toEqual({ removed: false, profiles: [], foods: 0, entries: 0, targets: 0 });
  });

  it('needs the editor role', async () => {
    const app = await firstStart(tempDir());
    const result = await app.dispatcher.call('demo.remove', {}, { transport: 'http', role: 'viewer' });
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(count(app, "SELECT count(*) AS n FROM profiles WHERE id = 'demo'")).toBe(1);
  });
});
