import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SearchOutput } from '../../../shared/contract.js';
import type { Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { repositoryRoot } from '../../helpers/cli.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const openServices = useServices();

const open = (dataDir: string) => openServices({ dataDir, embedder: null });

async function titles(services: Services, corpus: 'foods' | 'catalog' | 'kb', query: string): Promise<string[]> {
  const result = await services.dispatcher.call('search', { corpus, query, strategy: 'keyword', k: 5 }, { transport: 'cli', role: 'viewer' });
  if (!result.ok) throw new Error(result.error.message);
  return (result.value as SearchOutput).hits.map((hit) => hit.title);
}

describe('a running cita and writes by another process on the same data directory', () => {
  it('finds what the other process wrote in foods, the catalog and the KB at its next search', async () => {
    const dataDir = tempDir();
    const server = await open(dataDir);
    for (const corpus of ['foods', 'catalog', 'kb']) await ingestCorpus(server, server.module(corpus)!);
    expect(await titles(server, 'foods', 'chyawanprash')).toEqual([]);

    // The other process: its own connection, as `cita food add` or `cita ingest` would have.
    const other = await open(dataDir);
    const added = await other.dispatcher.call('foods.add', { name: 'Chyawanprash casero', per100g: { energy_kcal: 300 } }, { transport: 'cli', role: 'editor' });
    expect(added.ok).toBe(true);
    const catalog = JSON.parse(readFileSync(join(repositoryRoot, 'kb', 'catalog', 'banking.json'), 'utf8')) as { fields: unknown[] };
    catalog.fields.push({ source: 'creditos', physical_name: 'CRT_IND_ZQXPRUEBA', business_name: 'Indicador zqxprueba', definition: 'Campo de prueba.', data_type: 'CHAR(1)', tribal_notes: [] });
    const file = join(tempDir(), 'catalog.json');
    writeFileSync(file, JSON.stringify(catalog));
    await other.module('catalog')!.ingest!({ from: file });
    other.db
      .prepare(
        "UPDATE kb_chunks SET passage = passage || ' zqxchunk', embed_text = embed_text || ' zqxchunk', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = (SELECT min(id) FROM kb_chunks)",
      )
      .run();

    expect(await titles(server, 'foods', 'chyawanprash')).toEqual(['Chyawanprash casero']);
    expect(await titles(server, 'catalog', 'zqxprueba')).toEqual(['Indicador zqxprueba']);
    expect(await titles(server, 'kb', 'zqxchunk')).toHaveLength(1);
    // Its own writes stay in step as before.
    await server.dispatcher.call('foods.add', { name: 'Chyawanprash de la tienda', per100g: { energy_kcal: 320 } }, { transport: 'cli', role: 'editor' });
    expect((await titles(server, 'foods', 'chyawanprash')).sort()).toEqual(['Chyawanprash casero', 'Chyawanprash de la tienda']);
  });
});
