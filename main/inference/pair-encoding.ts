/**
 * How a (query, passage) pair becomes the cross-encoder's input, without any model: the tokenizer's pair template
 * around the two token lists, longest-first truncation to a token budget, and padding to the batch's longest pair
 * only (the shipped tokenizer.json asks for a fixed 512, which would multiply the work for short passages).
 */

/** Version of the pair formula below; part of the reranker id, so scores from another formula are never mixed. */
export const pairFormulaVersion = 'pair1';

/** Special tokens around and between the two texts, with their token type ids, read from the tokenizer. */
export interface PairTemplate {
  prefix: number[];
  middle: number[];
  suffix: number[];
  prefixTypes: number[];
  middleTypes: number[];
  suffixTypes: number[];
  firstType: number;
  secondType: number;
  padId: number;
}

/** A batch ready for the model: row-major [rows, length] int64 tensors' data, and the tokens each pair really has. */
export interface EncodedBatch {
  rows: number;
  length: number;
  inputIds: BigInt64Array;
  attentionMask: BigInt64Array;
  tokenTypeIds: BigInt64Array;
  /** Tokens of each pair before padding (special tokens included). */
  tokens: number[];
}

/**
 * Reads the pair template from one encoding of the pair ("a", "b") by the real tokenizer, so no special token is
 * hard-coded here. `a` and `b` must each be one token, distinct from every special token.
 */
export function pairTemplateFrom(encoded: { inputIds: readonly number[]; tokenTypeIds: readonly number[] }, firstToken: number, secondToken: number, padId: number): PairTemplate {
  const first = encoded.inputIds.indexOf(firstToken);
  const second = encoded.inputIds.indexOf(secondToken, first + 1);
  if (first < 0 || second < 0 || encoded.inputIds.length !== encoded.tokenTypeIds.length) {
    throw new Error('the tokenizer does not encode a pair as <specials> A <specials> B <specials>');
  }
  const slice = (values: readonly number[], start: number, end?: number) => values.slice(start, end);
  return {
    prefix: slice(encoded.inputIds, 0, first),
    middle: slice(encoded.inputIds, first + 1, second),
    suffix: slice(encoded.inputIds, second + 1),
    prefixTypes: slice(encoded.tokenTypeIds, 0, first),
    middleTypes: slice(encoded.tokenTypeIds, first + 1, second),
    suffixTypes: slice(encoded.tokenTypeIds, second + 1),
    firstType: encoded.tokenTypeIds[first] ?? 0,
    secondType: encoded.tokenTypeIds[second] ?? 1,
    padId,
  };
}

/** Special tokens a pair always carries. */
export function specialTokenCount(template: PairTemplate): number {
  return template.prefix.length + template.middle.length + template.suffix.length;
}

/**
 * Lengths the two token lists keep within `budget`, as Hugging Face tokenizers' "longest_first" strategy does (what
 * the model was trained and evaluated with): the shorter text is kept whole when it fits in half the budget and the
 * longer one gets the rest; otherwise each gets half (the longer one the odd token).
 */
export function truncateLongestFirst(first: number, second: number, budget: number): [number, number] {
  if (first + second <= budget) return [first, second];
  const swapped = first > second;
  let shorter = swapped ? second : first;
  let longer = shorter > budget ? shorter : Math.max(shorter, budget - shorter);
  if (shorter + longer > budget) {
    shorter = Math.floor(budget / 2);
    longer = shorter + (budget % 2);
  }
  const [keptFirst, keptSecond] = swapped ? [longer, shorter] : [shorter, longer];
  return [Math.min(keptFirst, first), Math.min(keptSecond, second)];
}

/**
 * Builds one batch: `template.prefix query template.middle passage template.suffix` per passage, truncated
 * longest-first to `maxTokens` in all, right-padded with the pad id (attention 0) to the batch's longest pair.
 */
export function encodePairBatch(template: PairTemplate, query: readonly number[], passages: readonly (readonly number[])[], maxTokens: number): EncodedBatch {
  const budget = maxTokens - specialTokenCount(template);
  if (budget < 2) throw new Error(`maxTokens ${maxTokens} leaves no room for text next to ${specialTokenCount(template)} special tokens`);
  const rows = passages.map((passage) => {
    const [queryLength, passageLength] = truncateLongestFirst(query.length, passage.length, budget);
    const ids = [...template.prefix, ...query.slice(0, queryLength), ...template.middle, ...passage.slice(0, passageLength), ...template.suffix];
    const types = [
      ...template.prefixTypes,
      ...new Array<number>(queryLength).fill(template.firstType),
      ...template.middleTypes,
      ...new Array<number>(passageLength).fill(template.secondType),
      ...template.suffixTypes,
    ];
    return { ids, types };
  });
  const length = Math.max(0, ...rows.map((row) => row.ids.length));
  const inputIds = new BigInt64Array(rows.length * length).fill(BigInt(template.padId));
  const attentionMask = new BigInt64Array(rows.length * length);
  const tokenTypeIds = new BigInt64Array(rows.length * length);
  rows.forEach((row, index) => {
    const offset = index * length;
    row.ids.forEach((id, position) => {
      inputIds[offset + position] = BigInt(id);
      attentionMask[offset + position] = 1n;
      tokenTypeIds[offset + position] = BigInt(row.types[position] ?? 0);
    });
  });
  return { rows: rows.length, length, inputIds, attentionMask, tokenTypeIds, tokens: rows.map((row) => row.ids.length) };
}
