import { describe, expect, it } from 'vitest';
import { sourceNode } from '../../../main/corpora/catalog/catalog-tree.js';
import type { CatalogFieldRow, CatalogSourceRow } from '../../../main/corpora/catalog/catalog-repository.js';

const source: CatalogSourceRow = { id: 'riesgo_mercado', name: 'Riesgo de mercado', system: 'RISK_MKT', data_owner: 'Riesgos', description: 'VaR diario por portafolio.', fields: 2 };

function field(id: number, business_name: string): CatalogFieldRow {
  return {
    id,
    owner: null,
    source: source.id,
    physical_name: `RM_${id}`,
    business_name,
    definition: `Definición larga ${id} que el nodo no repite.`,
    data_type: 'NUMBER',
    embed_text: '',
    embed_hash: '',
    source_name: source.name,
  };
}

describe('a source node of the catalog tree', () => {
  it("is made only of the source's own words and its fields' business names, in catalog order", () => {
    const node = sourceNode(3, source, [field(10, 'VaR al 99%'), field(11, 'Pérdida esperada en cola')]);
    expect(node).toMatchObject({ id: 3, source: 'riesgo_mercado', fieldIds: [10, 11] });
    expect(node.keyword).toEqual({
      id: 3,
      business_name: 'Riesgo de mercado',
      definition: 'VaR diario por portafolio. VaR al 99%. Pérdida esperada en cola',
      physical_name: 'riesgo_mercado RISK_MKT',
    });
    expect(node.text).toBe('Riesgo de mercado. VaR diario por portafolio. Campos: VaR al 99%, Pérdida esperada en cola.');
    expect(node.text).not.toContain('Definición');
  });
});
