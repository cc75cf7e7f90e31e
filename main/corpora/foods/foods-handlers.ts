import type { HandlerSlice } from '../../api/handlers.js';
import type { FoodsCorpus } from './foods-corpus.js';

/** The foods part of the handler map. */
export function foodsHandlers(foods: FoodsCorpus): HandlerSlice<'foods.add' | 'foods.update' | 'foods.get'> {
  return {
    'foods.add': (input) => foods.add(input),
    'foods.update': (input) => foods.update(input),
    'foods.get': (input) => foods.get(input.profile, input.code),
  };
}
