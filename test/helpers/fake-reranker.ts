import type { Reranker } from '../../main/reranking/reranker.js';
import { tokenize } from '../../main/core/text-folding.js';

/**
 * A small deterministic reranker for tests about something other than reranking quality: a passage scores the
 * number of distinct query words it contains, minus a hundredth per extra passage word (so, of two passages with
 * the same words, the shorter one wins). It is never used by the product.
 */
export function createSharedWordReranker(options: { id?: string; fail?: boolean } = {}): Reranker & { calls: number } {
  const state = { calls: 0 };
  return {
    id: options.id ?? 'test:shared-words:1',
    get calls() {
      return state.calls;
    },
    async score(query, passages, scoreOptions) {
      scoreOptions?.signal?.throwIfAborted();
      state.calls += 1;
      if (options.fail) throw new Error('simulated reranker failure');
      const wanted = new Set(tokenize(query));
      return passages.map((passage) => {
        const words = tokenize(passage);
        const shared = new Set(words.filter((word) => wanted.has(word))).size;
        return shared - 0.01 * Math.max(0, words.length - shared);
      });
    },
  };
}
