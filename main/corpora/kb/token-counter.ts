import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Counts the tokens a text takes in the embedder's window, [CLS] and [SEP] included. */
export interface TokenCounter {
  /** "bge-wordpiece" (the model's own tokenizer) or "word-estimate" (the fallback bound). */
  readonly name: string;
  count(text: string): number;
}

/**
 * The fallback when the model's tokenizer cannot be read: per whitespace-separated word, one token per
 * punctuation mark plus one per three letters or digits, plus [CLS] and [SEP]. WordPiece splits English
 * into pieces of about four characters and punctuation into single tokens, so this overestimates: on
 * every section and paragraph of the shipped cards it measured at least 1.02 times the real count (mean
 * 1.55 over sections), and a test with the real tokenizer (test/model/kb-tokens) keeps it that way.
 */
export const wordEstimateCounter: TokenCounter = {
  name: 'word-estimate',
  count(text) {
    let tokens = 2;
    for (const word of text.split(/\s+/)) {
      if (word.length === 0) continue;
      const alphanumeric = word.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
      tokens += [...word].length - alphanumeric + Math.ceil(alphanumeric / 3);
    }
    return tokens;
  },
};

/**
 * The real bge-small tokenizer read from the model directory (tokenizer.json and tokenizer_config.json;
 * nothing is downloaded), or the word estimate when those files are missing or unreadable.
 */
export async function loadTokenCounter(modelDir: string | null): Promise<TokenCounter> {
  if (!modelDir) return wordEstimateCounter;
  const tokenizerFile = join(modelDir, 'tokenizer.json');
  const configFile = join(modelDir, 'tokenizer_config.json');
  if (!existsSync(tokenizerFile) || !existsSync(configFile)) return wordEstimateCounter;
  try {
    const { BertTokenizer } = await import('@huggingface/transformers');
    const tokenizer = new BertTokenizer(JSON.parse(readFileSync(tokenizerFile, 'utf8')), JSON.parse(readFileSync(configFile, 'utf8')));
    return { name: 'bge-wordpiece', count: (text) => tokenizer.encode(text).length };
  } catch {
    return wordEstimateCounter;
  }
}
