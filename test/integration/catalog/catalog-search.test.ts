import { describe, expect, it } from 'vitest';
import { searchOutputSchema, type SearchHit, type SearchOutput } from '../../../shared/contract.js';
import type { Services } from '../../../main/app/bootstrap.js';
import type { CorpusModule } from '../../../main/corpora/corpus-module.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import type { Embedder } from '../../../main/embedding/embedder.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { searchCatalog } from './catalog-fixtures.js';

const tempDir = useTempDirs();
const openServices = useServices();

async function seeded(embedder: Embedder | null): Promise<Services> {
  const services = await openServices({ dataDir: tempDir(), embedder });
  await ingestCorpus(services, services.module('catalog') as CorpusModule);
  return services;
}

function hitOf(output: SearchOutput, id: string): SearchHit {
  const hit = output.hits.find((entry) => entry.id === id);
  if (!hit) throw new Error(`${id} is not among the hits of "${output.query}": ${output.hits.map((entry) => entry.id).join(', ')}`);
  return hit;
}

/**
 * The structure of a value: every key path, with arrays folded into one element shape. Value types are left to
 * the contract's schema (a nullable number is null in one phase and a number in the other).
 */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [value.map(shapeOf).reduce(mergeShapes)];
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  }
  return 'value';
}

function mergeShapes(a: unknown, b: unknown): unknown {
  if (a !== null && typeof a === 'object' && b !== null && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return Object.fromEntries(keys.map((key) => [key, mergeShapes((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])]));
  }
  return a ?? b;
}

/** A tiny embedder with scripted geometry: the query is closer to one field's text than to another's. */
function scriptedEmbedder(places: Array<{ startsWith: string; cosine: number }>): Embedder {
  const vectorAt = (cosine: number, axis: number) => {
    const vector = new Float32Array(4);
    vector[0] = cosine;
    vector[axis] = Math.sqrt(1 - cosine * cosine);
    return vector;
  };
  return {
    id: 'test:scripted:4',
    dimensions: 4,
    async embedDocuments(texts) {
      return texts.map((text) => {
        const index = places.findIndex((place) => text.startsWith(place.startsWith));
        return index < 0 ? vectorAt(0.3, 3) : vectorAt((places[index] as { cosine: number }).cosine, 1 + (index % 2));
      });
    },
    async embedQuery() {
      return Float32Array.from([1, 0, 0, 0]);
    },
    async close() {},
  };
}

describe('catalog search: tribal notes', () => {
  it('attaches a note only when its condition matches the query, in both phases', async () => {
    const services = await seeded(createWordHashEmbedder());
    const cardNote = /^En tarjetas de crédito el atraso/;
    for (const strategy of ['keyword', 'hybrid']) {
      const plain = hitOf(await searchCatalog(services, { query: 'días de atraso', strategy }), 'creditos.CRT_DIAS_MORA');
      expect(plain.catalog?.tribal_notes).toEqual([]);
      const card = hitOf(await searchCatalog(services, { query: 'días de atraso de la tarjeta', strategy }), 'creditos.CRT_DIAS_MORA');
      expect(card.catalog?.tribal_notes).toHaveLength(1);
      expect(card.catalog?.tribal_notes[0]).toMatch(cardNote);
      const both = hitOf(await searchCatalog(services, { query: 'días de atraso de créditos reprogramados con tarjeta', strategy }), 'creditos.CRT_DIAS_MORA');
      expect(both.catalog?.tribal_notes).toHaveLength(2);
    }
  });

  it('attaches language-conditioned notes by the detected language of the query', async () => {
    const services = await seeded(null);
    const english = hitOf(await searchCatalog(services, { query: 'risk-weighted assets by exposure class', strategy: 'keyword', k: 50 }), 'reporte_regulatorio.RRG_APR_CREDITO_MN');
    const spanish = hitOf(await searchCatalog(services, { query: 'activos ponderados por riesgo de crédito por clase', strategy: 'keyword', k: 50 }), 'reporte_regulatorio.RRG_APR_CREDITO_MN');
    expect(english.catalog?.tribal_notes).toHaveLength(1);
    expect(spanish.catalog?.tribal_notes).toHaveLength(1);
    expect(english.catalog?.tribal_notes[0]).not.toBe(spanish.catalog?.tribal_notes[0]);
  });

  it('shows an "always" note on every hit of its field', async () => {
    const services = await seeded(null);
    const hit = hitOf(await searchCatalog(services, { query: 'versión de envío', strategy: 'keyword' }), 'reporte_regulatorio.RRG_VERSION_ENVIO');
    expect(hit.catalog?.tribal_notes).toEqual([expect.stringMatching(/versión máxima/i)]);
  });
});

describe('catalog search: one CatalogHit contract for both phases', () => {
  it('returns identical shapes from the keyword and the hybrid phase, each hit citing its source', async () => {
    const services = await seeded(createWordHashEmbedder());
    for (const query of ['saldo vencido de la cartera', 'días de atraso de la tarjeta', 'coverage ratio LCR']) {
      const keyword = await searchCatalog(services, { query, strategy: 'keyword' });
      const hybrid = await searchCatalog(services, { query, strategy: 'hybrid' });
      // No degradation; "coverage ratio LCR" is also searched in the catalog's Spanish, and says so in both phases.
      expect(hybrid.notices.filter((notice) => notice.code !== 'translated')).toEqual([]);
      expect(hybrid.notices.map((notice) => notice.code)).toEqual(keyword.notices.filter((notice) => notice.code === 'translated').map((notice) => notice.code));
      for (const output of [keyword, hybrid]) {
        expect(searchOutputSchema.safeParse(output).success).toBe(true);
        expect(output.hits.length).toBeGreaterThan(0);
        for (const hit of output.hits) {
          expect(hit.catalog).toBeDefined();
          expect(hit.source).toBe(hit.catalog?.source);
          expect(hit.id).toBe(`${hit.catalog?.source}.${hit.catalog?.physical_name}`);
          expect(hit.title).toBe(hit.catalog?.business_name);
          expect(hit.catalog?.score).toBe(hit.score);
          expect(hit.catalog?.source_name.length).toBeGreaterThan(0);
        }
      }
      expect(shapeOf(hybrid.hits)).toEqual(shapeOf(keyword.hits));
      expect(Object.keys(hybrid).sort()).toEqual(Object.keys(keyword).sort());
    }
  });

  it('degrades to keyword results with a notice, in the same shape, when the embedder fails', async () => {
    const services = await seeded(createWordHashEmbedder({ failQueries: true }));
    const keyword = await searchCatalog(services, { query: 'saldo vencido de la cartera', strategy: 'keyword' });
    const hybrid = await searchCatalog(services, { query: 'saldo vencido de la cartera', strategy: 'hybrid' });
    expect(hybrid.notices.map((notice) => notice.code)).toEqual(['embedder_failed']);
    expect(hybrid.strategy).toBe('hybrid');
    expect(hybrid.hits.map((hit) => hit.id)).toEqual(keyword.hits.map((hit) => hit.id));
    expect(shapeOf(hybrid.hits)).toEqual(shapeOf(keyword.hits));
  });

  it('degrades to keyword results with a notice in keyword-only mode', async () => {
    const services = await seeded(null);
    const hybrid = await searchCatalog(services, { query: 'saldo vencido de la cartera', strategy: 'hybrid' });
    expect(hybrid.notices.map((notice) => notice.code)).toEqual(['keyword_only']);
    expect(hybrid.embedder).toBeNull();
    expect(hybrid.hits[0]?.id).toBe('creditos.CRT_SALDO_VENCIDO_MN');
  });

  it('takes its phase from settings.catalog.phase when the input names no strategy', async () => {
    const services = await seeded(createWordHashEmbedder());
    const byDefault = await searchCatalog(services, { query: 'saldo vencido' });
    expect(byDefault.strategy).toBe('hybrid');
    expect(byDefault.embedder).toBe('test:word-hash:64');
    services.settings.update({ catalog: { phase: 'keyword' } });
    const keyword = await searchCatalog(services, { query: 'saldo vencido' });
    expect(keyword.strategy).toBe('keyword');
    expect(keyword.embedder).toBeNull();
    expect(keyword.hits.every((hit) => hit.found_by === 'keyword')).toBe(true);
  });
});

describe('catalog search: hybrid scoring', () => {
  it('scores keyword_weight × normalised keyword score + vector_weight × cosine', async () => {
    const services = await seeded(createWordHashEmbedder());
    const query = 'provisiones por riesgo de crédito de la cartera comercial';
    const keyword = await searchCatalog(services, { query, strategy: 'keyword', k: 100 });
    const hybrid = await searchCatalog(services, { query, strategy: 'hybrid' });
    for (const hit of hybrid.hits) {
      const keywordScore = keyword.hits.find((entry) => entry.id === hit.id)?.score ?? 0;
      const cosine = hit.explain.vector_distance === null ? 0 : 1 - hit.explain.vector_distance;
      expect(hit.score).toBeCloseTo(0.4 * keywordScore + 0.6 * cosine, 6);
    }
  });

  it('follows the fusion weights in the settings (all weight on keyword = the keyword ranking)', async () => {
    const services = await seeded(createWordHashEmbedder());
    services.settings.update({ fusion: { keyword_weight: 1, vector_weight: 0 } });
    const query = 'exposición con contrapartes de swaps';
    const keyword = await searchCatalog(services, { query, strategy: 'keyword' });
    const hybrid = await searchCatalog(services, { query, strategy: 'hybrid' });
    expect(hybrid.hits.map((hit) => hit.id)).toEqual(keyword.hits.map((hit) => hit.id));
  });

  it('lets an exact business term beat a field the embedder finds semantically closer', async () => {
    // The query's vector is nearer "Tasa de interés nominal anual" (cosine 0.95) than the exact "Tasa de interés
    // pactada" (0.70): a gap far larger than the real model shows between sibling fields.
    const services = await seeded(
      scriptedEmbedder([
        { startsWith: 'Tasa de interés pactada.', cosine: 0.7 },
        { startsWith: 'Tasa de interés nominal anual.', cosine: 0.95 },
      ]),
    );
    const vector = await searchCatalog(services, { query: 'tasa de interés pactada', strategy: 'vector' });
    expect(vector.hits[0]?.id).toBe('creditos.CRT_TASA_INTERES_NOMINAL');
    const hybrid = await searchCatalog(services, { query: 'tasa de interés pactada', strategy: 'hybrid' });
    expect(hybrid.hits[0]?.id).toBe('depositos.DEP_TASA_PACTADA');
    expect(hybrid.hits[0]?.found_by).toBe('both');
  });
});

describe("catalog search: an English question in the catalog's Spanish", () => {
  it("also searches the glossary's Spanish, says so, and finds the field the English names", async () => {
    const services = await seeded(null);
    const output = searchOutputSchema.parse(await searchCatalog(services, { query: 'which clients are PEPs', strategy: 'keyword' }));
    expect(output.hits[0]?.id).toBe('clientes.CLI_IND_PEP');
    expect(output.hits[0]?.relevance).toBe('strong');
    expect(output.refused).toBe(false);
    const notice = output.notices.find((entry) => entry.code === 'translated');
    expect(notice?.translation).toEqual({
      corpus: 'catalog',
      searched_as: 'cliente pep persona expuesta políticamente',
      pairs: [
        { from: 'clients', to: 'cliente' },
        { from: 'PEPs', to: 'pep persona expuesta políticamente' },
      ],
    });

    // With the glossary off (settings language.glossary), the English words alone do not name the field.
    services.settings.update({ language: { glossary: false } });
    const without = await searchCatalog(services, { query: 'which clients are PEPs', strategy: 'keyword' });
    expect(without.notices.some((entry) => entry.code === 'translated')).toBe(false);
    expect(without.hits[0]?.relevance).not.toBe('strong');
  });

  it('leaves a Spanish question as it is, acronyms and loanwords the glossary knows included', async () => {
    const services = await seeded(null);
    for (const query of ['saldo vencido de los clientes', '¿Cuál es el VaR de la mesa?', 'libro de trading']) {
      const output = await searchCatalog(services, { query, strategy: 'keyword' });
      expect(output.notices.map((entry) => entry.code)).not.toContain('translated');
    }
  });
});

describe('catalog evaluation set', () => {
  it('loads the gate set, the harder set and the relevance set, and counts a hit for the source it cites', async () => {
    const services = await seeded(null);
    const evaluation = services.module('catalog')?.evaluation;
    const cases = evaluation?.load() ?? [];
    expect(cases.filter((entry) => entry.parts?.includes('catalog'))).toHaveLength(20);
    expect(cases.filter((entry) => entry.parts?.includes('catalog-hard'))).toHaveLength(20);
    expect(cases.filter((entry) => entry.parts?.includes('catalog-relevance'))).toHaveLength(50);
    expect(cases.filter((entry) => entry.parts?.includes('catalog-relevance-holdout'))).toHaveLength(50);
    expect(cases[1]).toEqual({ id: 'catalog/q02', query: 'saldo vencido de la cartera', expected: ['creditos'], parts: ['catalog'] });
    expect(cases.filter((entry) => entry.answerable === false).every((entry) => entry.expected.length === 0)).toBe(true);
    const output = await searchCatalog(services, { query: cases[1]?.query ?? '', strategy: 'keyword' });
    expect(evaluation?.itemOf(output.hits[0] as SearchHit)).toBe('creditos');
  });
});
