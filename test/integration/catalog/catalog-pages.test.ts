import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import type { CatalogFieldPage, CatalogSourcePage } from '../../../shared/contract/catalog.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const openServices = useServices();

// Keyword-only: the pages' data come from the catalog's rows; related fields from the keyword phase.
async function open(): Promise<Services> {
  const services = await openServices({ dataDir: tempDir(), embedder: null });
  await ingestCorpus(services, services.module('catalog')!);
  return services;
}

async function call<T>(services: Services, name: string, input: unknown): Promise<{ ok: true; value: T } | { ok: false; code: string; message: string }> {
  const result = await services.dispatcher.call(name, input, { transport: 'http', role: 'viewer' });
  return result.ok ? { ok: true, value: result.value as T } : { ok: false, code: result.error.code, message: result.error.message };
}

describe("a catalog field's page (catalog.field)", () => {
  it('gives the field with its source, type and every tribal note with what a question must mention for it to apply', async () => {
    const services = await open();
    const page = await call<CatalogFieldPage>(services, 'catalog.field', { source: 'creditos', physical_name: 'CRT_SALDO_VENCIDO_MN' });
    if (!page.ok) throw new Error(page.message);
    expect(page.value).toMatchObject({
      business_name: 'Saldo vencido',
      physical_name: 'CRT_SALDO_VENCIDO_MN',
      source: { id: 'creditos', name: 'Cartera de créditos', system: 'CORE_PRESTAMOS', fields: 27 },
    });
    expect(page.value.definition.length).toBeGreaterThan(20);
    expect(page.value.notes).toHaveLength(2);
    expect(page.value.notes[1]).toMatchObject({ applies: false, always: false, terms: expect.arrayContaining(['morosidad', 'npl']) });
  });

  it('lists related fields a search for its business name finds, never the field itself', async () => {
    const services = await open();
    const page = await call<CatalogFieldPage>(services, 'catalog.field', { source: 'creditos', physical_name: 'CRT_SALDO_VENCIDO_MN' });
    if (!page.ok) throw new Error(page.message);
    expect(page.value.related.length).toBeGreaterThan(0);
    expect(page.value.related.length).toBeLessThanOrEqual(5);
    expect(page.value.related.map((field) => field.physical_name)).not.toContain('CRT_SALDO_VENCIDO_MN');
    expect(page.value.related[0]).toMatchObject({ source: expect.any(String), source_name: expect.any(String), business_name: expect.stringMatching(/saldo|vencid/i) });
  });

  it('says which field does not exist, and refuses an id that is not one', async () => {
    const services = await open();
    expect(await call(services, 'catalog.field', { source: 'creditos', physical_name: 'NO_SUCH' })).toMatchObject({ ok: false, code: 'not_found', message: expect.stringContaining('"NO_SUCH"') });
    expect(await call(services, 'catalog.field', { source: '../etc', physical_name: 'X' })).toMatchObject({ ok: false, code: 'invalid_input' });
  });
});

describe("a catalog source's page (catalog.source)", () => {
  it('gives the source and its fields in the order of the catalog, each with its number of notes', async () => {
    const services = await open();
    const page = await call<CatalogSourcePage>(services, 'catalog.source', { id: 'creditos' });
    if (!page.ok) throw new Error(page.message);
    expect(page.value.source).toMatchObject({ id: 'creditos', owner: 'Gerencia de Riesgo de Crédito', fields: 27 });
    expect(page.value.fields).toHaveLength(27);
    expect(page.value.fields[0]).toMatchObject({ physical_name: 'CRT_NUM_OPERACION', business_name: 'Número de operación de crédito', notes: 0 });
    expect(page.value.fields.find((field) => field.physical_name === 'CRT_DIAS_MORA')?.notes).toBe(3);
    expect(await call(services, 'catalog.source', { id: 'nada' })).toMatchObject({ ok: false, code: 'not_found' });
  });
});
