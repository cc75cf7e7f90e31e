import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SearchOutput } from '../../../shared/contract.js';
import { runCita } from '../../helpers/cli.js';
import { useTempDirs } from '../../helpers/temp.js';
import { shippedSeed, writeCatalogJson } from './catalog-fixtures.js';

const tempDir = useTempDirs();
// Keyword-only, so these tests are about the command line and stay fast; the real model has its own tests.
const env = { CITA_MODEL_DIR: '/nonexistent/cita-model' };

describe('cita and the data catalog', () => {
  it('seeds the catalog, searches it, and ingests it again with no change', () => {
    const dataDir = tempDir();
    const seed = runCita(['seed', '--data-dir', dataDir], { env });
    expect(seed.status, seed.stderr).toBe(0);
    expect(seed.stdout).toContain('catalog: 216 inserted, 0 updated, 0 unchanged, 0 removed');

    const human = runCita(['search', '--corpus', 'catalog', '--query', 'saldo vencido de la cartera', '--k', '3', '--data-dir', dataDir], { env });
    expect(human.status, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^ 1\. Saldo vencido {2}\[creditos\.CRT_SALDO_VENCIDO_MN\] creditos/m);
    expect(human.stdout).toContain('Keyword-only results');

    const json = runCita(['search', '--corpus', 'catalog', '--query', 'saldo vencido de la cartera', '--strategy', 'keyword', '--json', '--data-dir', dataDir], { env });
    const output = json.json() as SearchOutput;
    expect(output.strategy).toBe('keyword');
    expect(output.hits[0]?.catalog).toMatchObject({ physical_name: 'CRT_SALDO_VENCIDO_MN', source: 'creditos', source_name: 'Cartera de créditos' });

    const again = runCita(['ingest', '--corpus', 'catalog', '--json', '--data-dir', dataDir], { env });
    expect(again.json()).toEqual({ corpus: 'catalog', inserted: 0, updated: 0, unchanged: 216, removed: 0, embedded: 0 });
  });

  it('refuses a bad file with exit 1, the location of each problem, and nothing written', () => {
    const dataDir = tempDir();
    const document = shippedSeed();
    (document.fields[12]?.tribal_notes?.[0] as { condition: unknown }).condition = { anyy: ['mora'] };
    const bad = writeCatalogJson(tempDir(), document, 'bad.json');

    const human = runCita(['ingest', '--corpus', 'catalog', '--from', bad, '--data-dir', dataDir], { env });
    expect(human.status).toBe(1);
    expect(human.stderr).toContain('cita: bad.json has 1 problem; nothing was written.');
    expect(human.stderr).toContain('  fields[12].tribal_notes[0].condition: unknown condition "anyy"');

    const json = runCita(['ingest', '--corpus', 'catalog', '--from', bad, '--json', '--data-dir', dataDir], { env });
    expect(json.status).toBe(1);
    expect(json.json()).toMatchObject({ ok: false, error: { code: 'invalid_input', details: [expect.stringMatching(/^fields\[12\]\.tribal_notes\[0\]\.condition/)] } });

    const status = runCita(['status', '--json', '--data-dir', join(dataDir)], { env });
    const corpora = (status.json() as { corpora: Array<{ corpus: string; rows: number }> }).corpora;
    expect(corpora.find((corpus) => corpus.corpus === 'catalog')?.rows).toBe(0);
  });
});
