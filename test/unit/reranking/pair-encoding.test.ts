import { describe, expect, it } from 'vitest';
import { encodePairBatch, pairTemplateFrom, specialTokenCount, truncateLongestFirst, type PairTemplate } from '../../../main/inference/pair-encoding.js';

/** BERT's pair template, as pairTemplateFrom reads it from `[CLS] a [SEP] b [SEP]` with types 0 0 0 1 1. */
const bert: PairTemplate = pairTemplateFrom({ inputIds: [101, 1037, 102, 1038, 102], tokenTypeIds: [0, 0, 0, 1, 1] }, 1037, 1038, 0);
const ids = (count: number, from: number) => Array.from({ length: count }, (_, index) => from + index);
const rows = (values: BigInt64Array, width: number) => Array.from({ length: values.length / width }, (_, row) => Array.from(values.subarray(row * width, (row + 1) * width), Number));

describe('the pair template read from the tokenizer', () => {
  it('finds the special tokens before, between and after the two texts, with their token types', () => {
    expect(bert).toEqual({
      prefix: [101],
      middle: [102],
      suffix: [102],
      prefixTypes: [0],
      middleTypes: [0],
      suffixTypes: [1],
      firstType: 0,
      secondType: 1,
      padId: 0,
    });
    expect(specialTokenCount(bert)).toBe(3);
  });

  it('refuses a tokenizer whose pair encoding does not hold the two probe tokens', () => {
    expect(() => pairTemplateFrom({ inputIds: [101, 102], tokenTypeIds: [0, 0] }, 1037, 1038, 0)).toThrow(/does not encode a pair/);
  });
});

describe('longest-first truncation (Hugging Face tokenizers)', () => {
  it('keeps both texts when they fit', () => {
    expect(truncateLongestFirst(5, 100, 253)).toEqual([5, 100]);
  });

  it('cuts only the longer text when the shorter fits in half the budget', () => {
    expect(truncateLongestFirst(6, 400, 253)).toEqual([6, 247]);
    expect(truncateLongestFirst(400, 6, 253)).toEqual([247, 6]);
  });

  it('gives each text half when both are long, the longer one the odd token', () => {
    expect(truncateLongestFirst(200, 300, 253)).toEqual([126, 127]);
    expect(truncateLongestFirst(300, 200, 253)).toEqual([127, 126]);
    expect(truncateLongestFirst(300, 300, 10)).toEqual([5, 5]);
  });

  it('matches removing one token at a time from the longer text, for every small case', () => {
    for (let first = 0; first <= 12; first++) {
      for (let second = 0; second <= 12; second++) {
        for (let budget = 2; budget <= 12; budget++) {
          let [a, b] = [first, second];
          while (a + b > budget) {
            if (a > b) a--;
            else b--;
          }
          const [keptFirst, keptSecond] = truncateLongestFirst(first, second, budget);
          expect(keptFirst + keptSecond, `${first}+${second} in ${budget}`).toBe(a + b);
          expect(Math.abs(keptFirst - a), `${first}+${second} in ${budget}`).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});

describe('a batch of pairs', () => {
  it('builds [CLS] query [SEP] passage [SEP] with type 0 for the query part and 1 for the passage part', () => {
    const batch = encodePairBatch(bert, [7, 8], [[20, 21, 22]], 256);
    expect(batch).toMatchObject({ rows: 1, length: 8, tokens: [8] });
    expect(rows(batch.inputIds, 8)).toEqual([[101, 7, 8, 102, 20, 21, 22, 102]]);
    expect(rows(batch.tokenTypeIds, 8)).toEqual([[0, 0, 0, 0, 1, 1, 1, 1]]);
    expect(rows(batch.attentionMask, 8)).toEqual([[1, 1, 1, 1, 1, 1, 1, 1]]);
  });

  it('pads only to the longest pair of the batch, never to a fixed 512, with attention 0 on the padding', () => {
    const batch = encodePairBatch(bert, [7], [[20], [20, 21, 22, 23]], 512);
    expect(batch.length).toBe(8);
    expect(batch.tokens).toEqual([5, 8]);
    expect(rows(batch.inputIds, 8)).toEqual([
      [101, 7, 102, 20, 102, 0, 0, 0],
      [101, 7, 102, 20, 21, 22, 23, 102],
    ]);
    expect(rows(batch.attentionMask, 8)[0]).toEqual([1, 1, 1, 1, 1, 0, 0, 0]);
    expect(rows(batch.tokenTypeIds, 8)[0]).toEqual([0, 0, 0, 1, 1, 0, 0, 0]);
  });

  it('truncates every pair to maxTokens, special tokens included, keeping the closing [SEP]', () => {
    const batch = encodePairBatch(bert, ids(4, 1), [ids(300, 1000), ids(10, 2000)], 16);
    expect(batch.length).toBe(16);
    expect(batch.tokens).toEqual([16, 16]);
    const [long, short] = rows(batch.inputIds, 16);
    expect(long).toEqual([101, 1, 2, 3, 4, 102, ...ids(9, 1000), 102]);
    expect(short).toEqual([101, 1, 2, 3, 4, 102, ...ids(9, 2000), 102]);
  });

  it('refuses a maxTokens that leaves no room for text', () => {
    expect(() => encodePairBatch(bert, [1], [[2]], 4)).toThrow(/leaves no room/);
  });
});
