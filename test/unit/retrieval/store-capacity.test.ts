import { describe, expect, it } from 'vitest';
import { comfortVectorsAt, embeddedStoreComfortValues, embeddedStoreComfortVectors, storeSizeWarnings } from '../../../main/retrieval/store-capacity.js';

describe('the embedded store size warning', () => {
  it('warns once per corpus past the limit, for its space furthest past it, and names the way on', () => {
    const warnings = storeSizeWarnings(
      [
        { corpus: 'kb', vectors: 150_000, dimensions: 384 },
        { corpus: 'kb', vectors: 180_000, dimensions: 384 },
        { corpus: 'foods', vectors: 948, dimensions: 384 },
      ],
      130_000 * 384,
    );
    expect(warnings).toEqual([expect.objectContaining({ code: 'store_size', corpus: 'kb', vectors: 180_000, dimensions: 384, limit: 130_000 })]);
    expect(warnings[0]?.message).toContain('PostgreSQL + pgvector');
    expect(warnings[0]?.message).toContain('cita serve --database postgres://');
    expect(warnings[0]?.message).toContain('README "PostgreSQL (teams)"');
  });

  it('says nothing at or under the limit, and uses the measured comfort size by default', () => {
    expect(storeSizeWarnings([{ corpus: 'kb', vectors: 130_000, dimensions: 384 }], 130_000 * 384)).toEqual([]);
    expect(storeSizeWarnings([{ corpus: 'kb', vectors: embeddedStoreComfortVectors + 1, dimensions: 384 }])).toHaveLength(1);
    expect(storeSizeWarnings([{ corpus: 'kb', vectors: embeddedStoreComfortVectors, dimensions: 384 }])).toEqual([]);
  });

  it('holds fewer vectors of more dimensions: a search reads rows × dimensions values', () => {
    expect(embeddedStoreComfortValues).toBe(130_000 * 384);
    expect([384, 768, 1024].map((dimensions) => comfortVectorsAt(dimensions))).toEqual([130_000, 65_000, 48_750]);
    // 60,000 Voyage vectors (1024-d) are past the limit; as many local ones (384-d) are not.
    expect(storeSizeWarnings([{ corpus: 'kb', vectors: 60_000, dimensions: 1024 }])).toEqual([expect.objectContaining({ corpus: 'kb', dimensions: 1024, limit: 48_750 })]);
    expect(storeSizeWarnings([{ corpus: 'kb', vectors: 60_000, dimensions: 384 }])).toEqual([]);
  });

  it('counts a space that does not exist yet (no vectors) as nothing to warn about', () => {
    expect(storeSizeWarnings([{ corpus: 'kb', vectors: 0, dimensions: null }], 1)).toEqual([]);
  });
});
