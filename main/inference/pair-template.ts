import type { PreTrainedTokenizer } from '@huggingface/transformers';
import { pairTemplateFrom, type PairTemplate } from './pair-encoding.js';

/** Reads the pair template from the model's own tokenizer (see pairTemplateFrom): no special token is hard-coded. */
export function pairTemplateOf(tokenizer: PreTrainedTokenizer): PairTemplate {
  const [first] = tokenizer.encode('a', { add_special_tokens: false });
  const [second] = tokenizer.encode('b', { add_special_tokens: false });
  if (first === undefined || second === undefined) throw new Error('the tokenizer encodes "a" or "b" as nothing');
  // return_tensor false: plain arrays for one pair (the library's types only describe the tensor form).
  const encoded = tokenizer('a', { text_pair: 'b', return_tensor: false, return_token_type_ids: true }) as unknown as {
    input_ids: number[];
    token_type_ids?: number[];
  };
  const padId = tokenizer.pad_token_id;
  if (padId === undefined || padId === null) throw new Error('the tokenizer has no pad token');
  return pairTemplateFrom({ inputIds: encoded.input_ids, tokenTypeIds: encoded.token_type_ids ?? encoded.input_ids.map(() => 0) }, first, second, padId);
}
