import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SearchOutput } from '../../../shared/contract.js';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { syntheticFoods } from '../../../main/bench/keyword-bench.js';
import { createFoodsRepository } from '../../../main/corpora/foods/foods-repository.js';
import { openDatabase } from '../../../main/db/connection.js';
import { snapshotMinimumDocuments } from '../../../main/retrieval/keyword-snapshot.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

async function codes(services: Services, query: string): Promise<string[]> {
  const result = await services.dispatcher.call('search', { corpus: 'foods', query, strategy: 'keyword', k: 5 }, { transport: 'cli', role: 'viewer' });
  if (!result.ok) throw new Error(result.error.message);
  return (result.value as SearchOutput).hits.map((hit) => hit.id);
}

describe('the foods keyword index across restarts of a large catalog', () => {
  it('is saved at close, restored at start, and rebuilt when the rows changed while the app was closed', async () => {
    const dataDir = tempDir();
    const snapshot = join(dataDir, 'keyword', 'foods.json');
    const open = () => createServices({ dataDir, embedder: null });

    let services = await open();
    await ingestCorpus(services, services.module('foods')!);
    // Rows written straight into SQLite, around the index: the close must not save an index missing them.
    createFoodsRepository(services.db).upsertShared(syntheticFoods(snapshotMinimumDocuments, 5).map((food) => ({ ...food, name: `${food.name} zqx${food.code}` })));
    await services.close();
    expect(existsSync(snapshot)).toBe(false);

    services = await open();
    expect((await codes(services, 'zqxB0000042'))[0]).toBe('B0000042');
    await services.close();
    expect(existsSync(snapshot)).toBe(true);

    services = await open();
    expect((await codes(services, 'zqxB0000042'))[0]).toBe('B0000042');
    expect(await codes(services, 'santra')).toContain('E047');
    await services.close();
    // Renamed while the app is closed (another tool, a restored backup): the snapshot no longer matches the rows.
    const db = openDatabase(join(dataDir, 'cita.sqlite'));
    db.prepare("UPDATE foods SET name = 'Renamed zqxrenamed', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE code = 'B0000042'").run();
    db.close();

    services = await open();
    expect(await codes(services, 'zqxrenamed')).toEqual(['B0000042']);
    expect(await codes(services, 'zqxB0000042')).not.toContain('B0000042');
    await services.close();
  });
});
