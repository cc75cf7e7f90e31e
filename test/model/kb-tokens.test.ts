/**
 * Chunk sizes against the model's own tokenizer: every shipped chunk fits the 512-token window with margin,
 * and the word-based fallback bound (used when the tokenizer files are absent) never undercounts, so an ingest
 * without the model directory cuts the shipped cards exactly as one with it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCard, type Card } from '../../main/corpora/kb/card.js';
import { chunkCard, chunkEmbedText, maxChunkTokens } from '../../main/corpora/kb/chunking.js';
import { loadTokenCounter, wordEstimateCounter, type TokenCounter } from '../../main/corpora/kb/token-counter.js';
import { shippedCardFiles, shippedCardsDir } from '../integration/kb/kb-fixtures.js';
import { modelDir, realModelTests } from '../helpers/model.js';

const run = realModelTests('clinical KB chunk sizes');

describe.runIf(run)('clinical KB chunks measured with the bge-small tokenizer', () => {
  let tokenizer: TokenCounter;
  const cards: Card[] = shippedCardFiles().map((name) => parseCard(name, name.replace(/\.md$/, ''), readFileSync(join(shippedCardsDir, name), 'utf8')));

  beforeAll(async () => {
    tokenizer = await loadTokenCounter(modelDir);
  });

  it('loads the real tokenizer from the model directory', () => {
    expect(tokenizer.name).toBe('bge-wordpiece');
    // [CLS] hello [SEP]
    expect(tokenizer.count('hello')).toBe(3);
  });

  it('keeps every shipped chunk within the budget, which leaves a margin under 512 tokens', () => {
    const sizes = cards.flatMap((card) => chunkCard(card, tokenizer).map((chunk) => chunk.tokens));
    console.info(`clinical KB: ${cards.length} cards, ${sizes.length} chunks, ${Math.min(...sizes)}–${Math.max(...sizes)} tokens (budget ${maxChunkTokens})`);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(maxChunkTokens);
  });

  it('has the word estimate count at least the real tokens of every section and paragraph', () => {
    let lowest = Number.POSITIVE_INFINITY;
    for (const card of cards) {
      for (const section of card.sections) {
        for (const text of [chunkEmbedText(card.title, section.heading, section.text), ...section.text.split(/\n\s*\n/)]) {
          const ratio = wordEstimateCounter.count(text) / tokenizer.count(text);
          lowest = Math.min(lowest, ratio);
          expect(ratio, text.slice(0, 80)).toBeGreaterThanOrEqual(1);
        }
      }
    }
    console.info(`word estimate / real tokens: lowest ratio ${lowest.toFixed(2)}`);
  });

  it('cuts the shipped cards the same way with the real tokenizer and with the word estimate', () => {
    const passages = (counter: TokenCounter) => cards.flatMap((card) => chunkCard(card, counter).map((chunk) => [chunk.cardId, chunk.index, chunk.passage]));
    expect(passages(wordEstimateCounter)).toEqual(passages(tokenizer));
  });
});
