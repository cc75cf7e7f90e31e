import { describe, expect, it } from 'vitest';
import { centroidSummary, leadSummary, summaryCandidates } from '../../../main/corpora/manuals/manual-summary.js';

const vector = (...values: number[]) => Float32Array.from(values);

describe('extractive section summary', () => {
  it('picks the sentences nearest the centroid, in reading order, never a sentence it was not given', () => {
    const sentences = ['Outlier about weather.', 'Core point A.', 'Core point B.', 'Core point C.', 'Another outlier.'];
    const vectors = [vector(0, 1, 0), vector(1, 0.1, 0), vector(1, 0, 0.1), vector(1, 0, 0), vector(0, 0, 1)];
    const summary = centroidSummary(sentences, vectors, 3);
    expect(summary).toEqual(['Core point A.', 'Core point B.', 'Core point C.']);
    for (const sentence of summary) expect(sentences).toContain(sentence);
  });

  it('keeps a section of few sentences whole, and falls back to the first sentences without an embedder', () => {
    expect(centroidSummary(['One sentence only here.'], [vector(1, 0)], 3)).toEqual(['One sentence only here.']);
    expect(leadSummary(['a', 'b', 'c', 'd'], 3)).toEqual(['a', 'b', 'c']);
  });

  it('draws candidates from prose sentences and list items, leaving out table rows, headings and short fragments', () => {
    const text =
      '#### Heading words here and there\nVerifiers SHALL compare secrets against a blocklist. They SHOULD allow paste.\n* A list item that is long enough to count.\n| a | table row that should never be summarised |\nNote:';
    expect(summaryCandidates(text)).toEqual(['Verifiers SHALL compare secrets against a blocklist.', 'A list item that is long enough to count.']);
  });
});
