import { describe, expect, it } from 'vitest';
import { withTranslation } from '../../../main/corpora/foods/foods-corpus.js';
import type { KeywordHit, KeywordMatch } from '../../../main/retrieval/keyword-index.js';

const hit = (id: number, match: KeywordMatch, terms = ['pollee']): KeywordHit => ({ id, score: 10 - id, normalized: 1, rank: 0, terms, match, coverage: 1 });

describe('keyword hits of a Spanish food query and of its English translation', () => {
  it('puts a hit the typed words met only within a typo after the translation’s hits ("pollo" ~ "Pollee", a shark’s local name)', () => {
    const typed = [hit(1, 'fuzzy'), hit(2, 'exact')];
    const translated = [hit(3, 'exact'), hit(2, 'exact'), hit(4, 'prefix')];
    expect(withTranslation(typed, translated, 10, 'pollo').map((entry) => [entry.id, entry.rank])).toEqual([
      [2, 1],
      [3, 2],
      [4, 3],
      [1, 4],
    ]);
  });

  it('keeps a hit whose matched word is a form of a typed word first, even when its match reads as a typo (a stem in the other language)', () => {
    expect(withTranslation([hit(1, 'fuzzy', ['ques'])], [hit(3, 'exact')], 10, 'queso').map((entry) => entry.id)).toEqual([1, 3]);
  });

  it('keeps the typed words’ order when there is no translation, typos included', () => {
    expect(withTranslation([hit(1, 'fuzzy'), hit(2, 'exact')], [], 10, 'pollo').map((entry) => entry.id)).toEqual([1, 2]);
  });

  it('cuts to the limit after ordering, so a typo never takes a translated hit’s place', () => {
    expect(withTranslation([hit(1, 'fuzzy')], [hit(3, 'exact')], 1, 'pollo').map((entry) => entry.id)).toEqual([3]);
  });
});
