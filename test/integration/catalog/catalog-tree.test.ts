import { describe, expect, it } from 'vitest';
import { searchInputSchema, searchOutputSchema } from '../../../shared/contract.js';
import type { Services } from '../../../main/app/bootstrap.js';
import type { CorpusModule, EvaluationTree } from '../../../main/corpora/corpus-module.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { formatEvaluation, runEvaluation } from '../../../main/eval/run-evaluation.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { searchCatalog } from './catalog-fixtures.js';

const tempDir = useTempDirs();
const openServices = useServices();

async function seeded(): Promise<Services> {
  const services = await openServices({ dataDir: tempDir(), embedder: createWordHashEmbedder() });
  await ingestCorpus(services, services.module('catalog') as CorpusModule);
  return services;
}

function treeOf(services: Services): EvaluationTree {
  const tree = services.module('catalog')?.evaluation?.tree;
  if (!tree) throw new Error('the catalog module has no tree search');
  return tree;
}

// Words of several sources: the flat search spreads its ten hits over more than one, so keeping one is a real cut.
const spreadQuery = 'saldo de la operación en moneda nacional';

describe('catalog tree search (source → fields)', () => {
  for (const strategy of ['keyword', 'vector', 'hybrid'] as const) {
    it(`returns only fields of the sources it kept, one or two of them (${strategy})`, async () => {
      const services = await seeded();
      const flat = await searchCatalog(services, { query: spreadQuery, strategy });
      expect(new Set(flat.hits.map((hit) => hit.source)).size).toBeGreaterThan(2);
      for (const branches of [1, 2]) {
        const result = await treeOf(services).search(searchInputSchema.parse({ corpus: 'catalog', query: spreadQuery, strategy }), branches);
        expect(result.branches).toHaveLength(branches);
        expect(result.output.hits.length).toBeGreaterThan(0);
        for (const hit of result.output.hits) expect(result.branches).toContain(hit.source);
        expect(searchOutputSchema.safeParse(result.output).success).toBe(true);
      }
    });
  }

  it('ranks the fields under the kept source in the order the flat search gives them', async () => {
    const services = await seeded();
    const query = 'valor razonable del swap';
    const tree = await treeOf(services).search(searchInputSchema.parse({ corpus: 'catalog', query, strategy: 'keyword' }), 1);
    expect(tree.branches).toEqual(['derivados']);
    const flat = await searchCatalog(services, { query, strategy: 'keyword', k: 100 });
    const flatInSource = flat.hits.filter((hit) => hit.source === 'derivados').map((hit) => hit.id);
    expect(tree.output.hits.map((hit) => hit.id)).toEqual(flatInSource.slice(0, tree.output.hits.length));
    expect(tree.output.hits).toHaveLength(Math.min(10, flatInSource.length));
  });

  it('finds nothing when no source matches the query at the first level (a missed branch is never searched)', async () => {
    const services = await seeded();
    const result = await treeOf(services).search(searchInputSchema.parse({ corpus: 'catalog', query: 'xylophone quasar', strategy: 'keyword' }), 2);
    expect(result.branches).toEqual([]);
    expect(result.output.hits).toEqual([]);
  });
});

describe('cita eval --tree', () => {
  it('reports each strategy on the flat search and on the tree with one, two and three branches, with the branch ceiling', async () => {
    const services = await seeded();
    const cases = [
      { id: 't1', query: 'días de mora', expected: ['creditos'] },
      { id: 't2', query: 'valor razonable del swap', expected: ['derivados'] },
      { id: 't3', query: 'overdue loan balance', expected: ['creditos.CRT_SALDO_VENCIDO_MN'], matchHitId: true },
    ];
    const report = await runEvaluation(services, { corpus: 'catalog', strategy: 'hybrid', cases, tree: true });
    const whole = report.rows.filter((row) => row.subset === null);
    expect(whole.map((row) => [row.strategy, row.structure, row.branches])).toEqual([
      ['hybrid', 'flat', null],
      ['hybrid', 'tree', 1],
      ['hybrid', 'tree', 2],
      ['hybrid', 'tree', 3],
    ]);
    for (const row of whole) {
      expect(row.cases).toBe(3);
      expect(row.hit_rate['@3']).toBeGreaterThanOrEqual(0);
      expect(row.branch_hit_rate === null).toBe(row.structure === 'flat');
    }
    // A tree cannot find what its kept branches do not hold.
    for (const row of whole.filter((entry) => entry.structure === 'tree')) expect(row.hit_rate['@10']).toBeLessThanOrEqual(row.branch_hit_rate as number);
    const table = formatEvaluation(report);
    expect(table).toContain('flat HR@3');
    expect(table).toContain('tree B=2 branch');
  });

  it('adds no tree rows unless asked', async () => {
    const services = await seeded();
    const report = await runEvaluation(services, { corpus: 'catalog', strategy: 'keyword', cases: [{ id: 't1', query: 'días de mora', expected: ['creditos'] }] });
    expect(report.rows.map((row) => row.structure)).toEqual(['flat']);
    expect(formatEvaluation(report)).not.toContain('tree');
  });
});
