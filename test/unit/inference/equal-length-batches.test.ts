import { describe, expect, it } from 'vitest';
import { equalLengthBatches, rowwiseMinimumBatch } from '../../../main/inference/equal-length-batches.js';

describe('the inferences of a q8 call through the rowwise graph', () => {
  it('batches texts of one token length when there are enough of them, keeps call order, and runs every other text alone', () => {
    // Lengths 6 (four texts: batched from 4), 14 (three: alone), 40 (eight: batched from 8), 300 (never).
    const lengths = [6, 14, 40, 6, 300, 14, 40, 40, 40, 6, 40, 14, 40, 40, 40, 300, 6];
    const batches = equalLengthBatches(lengths);
    expect(batches).toContainEqual([0, 3, 9, 16]);
    expect(batches).toContainEqual([2, 6, 7, 8, 10, 12, 13, 14]);
    for (const alone of [1, 5, 11, 4, 15]) expect(batches).toContainEqual([alone]);
    // Every text exactly once, and every batch of one length.
    expect(batches.flat().sort((a, b) => a - b)).toEqual(lengths.map((_, index) => index));
    for (const batch of batches) expect(new Set(batch.map((index) => lengths[index])).size).toBe(1);
  });

  it('splits a large group evenly so no batch holds over 4,096 tokens', () => {
    const lengths = Array.from({ length: 150 }, () => 64);
    const sizes = equalLengthBatches(lengths).map((batch) => batch.length);
    expect(sizes).toEqual([50, 50, 50]);
    expect(equalLengthBatches(Array.from({ length: 65 }, () => 10)).map((batch) => batch.length)).toEqual([65]);
    expect(equalLengthBatches(Array.from({ length: 30 }, () => 192)).map((batch) => batch.length)).toEqual([15, 15]);
  });

  it('asks 4 texts of a short length, 8 of a longer one, and never batches past 192 tokens', () => {
    expect([6, 8, 12, 16, 17, 64, 192, 193, 512].map(rowwiseMinimumBatch)).toEqual([4, 4, 4, 4, 8, 8, 8, Infinity, Infinity]);
  });
});
