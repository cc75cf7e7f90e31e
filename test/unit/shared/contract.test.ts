import { describe, expect, it } from 'vitest';
import { events, operationNames, operations, queryTextSchema } from '../../../shared/contract.js';
import { eventNames } from '../../../shared/names.js';

describe('the contract', () => {
  it('lists for the preload exactly the operations it declares', () => {
    expect([...operationNames].sort()).toEqual(Object.keys(operations).sort());
    expect([...eventNames].sort()).toEqual(Object.keys(events).sort());
  });

  it('gives every operation a summary and an access level', () => {
    for (const spec of Object.values(operations)) {
      expect(spec.summary.length).toBeGreaterThan(10);
      expect(['read', 'write']).toContain(spec.access);
    }
  });

  it('rejects empty, oversized and control-character queries', () => {
    expect(queryTextSchema.safeParse('  ').success).toBe(false);
    expect(queryTextSchema.safeParse('x'.repeat(10_000)).success).toBe(false);
    expect(queryTextSchema.safeParse('naranja\u0000').success).toBe(false);
    expect(queryTextSchema.safeParse(' fruta cítrica ').data).toBe('fruta cítrica');
  });
});
