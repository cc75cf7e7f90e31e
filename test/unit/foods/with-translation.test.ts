import { describe, expect, it } from 'vitest';
import { withTranslation } from '../../../main/corpora/foods/foods-corpus.js';
import type { KeywordHit, KeywordMatch } from '../../../main/retrieval/keyword-index.js';

const hit = (id: number, match: KeywordMatch): KeywordHit => ({ id, score: 10 - id, normalized: 1, rank: 0, terms: ['x'], match, coverage: 1 });

describe('keyword hits of a Spanish food query and of its English translation', () => {
  it('puts a hit the typed words met only within a typo after the translation’s hits ("pollo" ~ "Pollee", a shark’s local name)', () => {
    const typed = [hit(1, 'fuzzy'), hit(2, 'exact')];
    const translated = [hit(3, 'exact'), hit(2, 'exact'), hit(4, 'prefix')];
    expect(withTranslation(typed, translated, 10).map((entry) => [entry.id, entry.rank])).toEqual([
      [2, 1],
      [3, 2],
      [4, 3],
      [1, 4],
    ]);
  });

  it('keeps the typed words’ order when there is no translation, typos included', () => {
    expect(withTranslation([hit(1, 'fuzzy'), hit(2, 'exact')], [], 10).map((entry) => entry.id)).toEqual([1, 2]);
  });

  it('cuts to the limit after ordering, so a typo never takes a translated hit’s place', () => {
    expect(withTranslation([hit(1, 'fuzzy')], [hit(3, 'exact')], 1).map((entry) => entry.id)).toEqual([3]);
  });
});
