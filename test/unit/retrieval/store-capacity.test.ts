import { describe, expect, it } from 'vitest';
import { embeddedStoreComfortVectors, storeSizeWarnings } from '../../../main/retrieval/store-capacity.js';

describe('the embedded store size warning', () => {
  it('warns once per corpus past the limit, counting its largest space, and names the way on', () => {
    const warnings = storeSizeWarnings(
      [
        { corpus: 'kb', vectors: 150_000 },
        { corpus: 'kb', vectors: 180_000 },
        { corpus: 'foods', vectors: 948 },
      ],
      130_000,
    );
    expect(warnings).toEqual([expect.objectContaining({ code: 'store_size', corpus: 'kb', vectors: 180_000, limit: 130_000 })]);
    expect(warnings[0]?.message).toMatch(/PostgreSQL \+ pgvector/);
  });

  it('says nothing at or under the limit, and uses the measured comfort size by default', () => {
    expect(storeSizeWarnings([{ corpus: 'kb', vectors: 130_000 }], 130_000)).toEqual([]);
    expect(storeSizeWarnings([{ corpus: 'kb', vectors: embeddedStoreComfortVectors + 1 }])).toHaveLength(1);
    expect(storeSizeWarnings([{ corpus: 'kb', vectors: embeddedStoreComfortVectors }])).toEqual([]);
  });
});
