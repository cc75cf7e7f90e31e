import { describe, expect, it } from 'vitest';
import { chunkCard, chunkEmbedText, maxChunkTokens } from '../../../main/corpora/kb/chunking.js';
import { wordEstimateCounter, type TokenCounter } from '../../../main/corpora/kb/token-counter.js';

/** One token per whitespace-separated word: easy to reason about in tests. */
const wordCounter: TokenCounter = { name: 'words', count: (text) => text.split(/\s+/).filter((word) => word.length > 0).length };

const words = (count: number, stem: string) => Array.from({ length: count }, (_, index) => `${stem}${index}`).join(' ');

describe('chunking a card', () => {
  const card = {
    id: 'adh-example',
    title: 'Example title',
    sections: [
      { heading: 'Short', text: 'One short paragraph.' },
      { heading: 'Long', text: [`${words(30, 'a')}.`, `${words(30, 'b')}.`, `- ${words(10, 'c')}\n- ${words(10, 'd')}`].join('\n\n') },
    ],
  };

  it('keeps a section that fits as one chunk', () => {
    const chunks = chunkCard(card, wordCounter, 1000);
    expect(chunks.map((chunk) => [chunk.index, chunk.section])).toEqual([
      [0, 'Short'],
      [1, 'Long'],
    ]);
    expect(chunks[1]?.passage).toBe(card.sections[1]?.text);
  });

  it('cuts a section that does not fit between paragraphs, every chunk within the budget', () => {
    const budget = 50;
    const chunks = chunkCard(card, wordCounter, budget);
    const long = chunks.filter((chunk) => chunk.section === 'Long');
    expect(long.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(wordCounter.count(chunk.embedText)).toBeLessThanOrEqual(budget);
    // Nothing is lost or reordered: the chunks put back together are the section.
    expect(long.map((chunk) => chunk.passage).join('\n\n')).toBe(card.sections[1]?.text);
    expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, index) => index));
  });

  it('falls back to lines, sentences and words when one paragraph alone is too long', () => {
    const long = { id: 'x', title: 'T', sections: [{ heading: 'H', text: `${words(40, 'w')}. ${words(40, 'v')}.` }] };
    const chunks = chunkCard(long, wordCounter, 30);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const chunk of chunks) expect(wordCounter.count(chunk.embedText)).toBeLessThanOrEqual(30);
    expect(chunks.map((chunk) => chunk.passage).join(' ')).toBe(long.sections[0]?.text);
  });

  it('gives each chunk its card title and section heading as context, without Markdown emphasis', () => {
    expect(chunkEmbedText('Title', 'Section', 'A **bold** `code` word.')).toBe('Title\nSection\nA bold code word.');
    const [first] = chunkCard(card, wordCounter, 1000);
    expect(first?.embedText).toBe('Example title\nShort\nOne short paragraph.');
  });

  it('is deterministic', () => {
    expect(chunkCard(card, wordCounter, 50)).toEqual(chunkCard(card, wordCounter, 50));
  });

  it('keeps a budget with a margin under the 512-token window', () => {
    expect(maxChunkTokens).toBeLessThan(512);
  });
});

describe('the word-based token estimate', () => {
  it('counts [CLS] and [SEP], punctuation, and a token per three letters', () => {
    expect(wordEstimateCounter.count('')).toBe(2);
    expect(wordEstimateCounter.count('the')).toBe(3);
    expect(wordEstimateCounter.count('spironolactone, 25 mg.')).toBe(2 + (5 + 1) + 1 + (1 + 1));
  });
});
