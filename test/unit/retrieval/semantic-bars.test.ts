import { describe, expect, it } from 'vitest';
import { foodsBars, foodsSemanticBars } from '../../../main/corpora/foods/foods-corpus.js';
import { barsFor, embedderModelOf, semanticRelevance } from '../../../main/retrieval/semantic-bars.js';

const bge = 'local:bge-small-en-v1.5:384:q8:bgeq1';
const gemini = 'gemini:gemini-embedding-001:768:retrieval_query+retrieval_document:l2';

describe('semantic relevance bars per embedder', () => {
  it('reads the model out of an embedder id', () => {
    expect(embedderModelOf(bge)).toBe('bge-small-en-v1.5');
    expect(embedderModelOf(gemini)).toBe('gemini-embedding-001');
  });

  it('keeps the seed max_dist 0.65 for Gemini and a tighter, calibrated bar for bge-small', () => {
    expect(foodsBars(gemini, null).max).toBe(0.65);
    expect(foodsBars(bge, null).max).toBe(foodsSemanticBars['bge-small-en-v1.5']?.max);
    expect(foodsBars(bge, null).max).toBeLessThan(0.65);
  });

  it('lets a max_dist the user set override the calibration for every embedder', () => {
    expect(foodsBars(bge, 0.5).max).toBe(0.5);
    expect(foodsBars(gemini, 0.2)).toEqual({ strong: 0.2, max: 0.2 });
  });

  it('gives an uncalibrated embedder the seed value, and only weak hits under it', () => {
    const bars = foodsBars('voyage:voyage-3.5:1024:input_type=query+document:l2', null);
    expect(bars.max).toBe(0.65);
    expect(semanticRelevance(0.1, bars)).toBe('weak');
  });

  it('labels a distance strong, weak or none against the bars', () => {
    const bars = { strong: 0.2, max: 0.3 };
    expect(semanticRelevance(0.1, bars)).toBe('strong');
    expect(semanticRelevance(0.25, bars)).toBe('weak');
    expect(semanticRelevance(0.31, bars)).toBe('none');
    expect(barsFor({}, null, bars)).toBe(bars);
  });
});
