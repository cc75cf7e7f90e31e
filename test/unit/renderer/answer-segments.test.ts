import { describe, expect, it } from 'vitest';
import { afterLeadLine, segmentAnswer, shiftFigures } from '../../../renderer/src/components/answer/segments.js';

const figure = (answer: string, text: string, from = 0) => {
  const start = answer.indexOf(text, from);
  return { text, start, end: start + text.length };
};

describe('cutting an answer into text, figures and citation markers', () => {
  const answer = 'Sopa, 64.0 g with 1088.0 mg on 2026-11-26 [1]; total 15781.5 mg [2].';

  it('every figure becomes its own segment, in order, and the text around it is kept whole', () => {
    const segments = segmentAnswer(answer, [figure(answer, '1088.0 mg'), figure(answer, '64.0 g')]);
    expect(segments.map((segment) => segment.text).join('')).toBe(answer);
    expect(segments.filter((segment) => segment.kind === 'figure').map((segment) => segment.text)).toEqual(['64.0 g', '1088.0 mg']);
    const figures = segments.filter((segment) => segment.kind === 'figure') as { figure: number }[];
    expect(figures.map((segment) => segment.figure)).toEqual([1, 0]);
  });

  it('offsets outside the answer, overlapping an earlier figure, or not matching the figure are left as text', () => {
    const good = figure(answer, '64.0 g');
    const segments = segmentAnswer(answer, [good, { text: '64.0', start: good.start, end: good.start + 4 }, { text: '9', start: 500, end: 501 }, { text: '1088.0 mg', start: 0, end: 9 }]);
    expect(segments.filter((segment) => segment.kind === 'figure').map((segment) => segment.text)).toEqual(['64.0 g']);
    expect(segments.map((segment) => segment.text).join('')).toBe(answer);
  });

  it('cuts out the citation markers the answer cites, and only those', () => {
    const segments = segmentAnswer(answer, [], ['[1]']);
    expect(segments.filter((segment) => segment.kind === 'citation').map((segment) => segment.text)).toEqual(['[1]']);
    expect(segments.map((segment) => segment.text).join('')).toBe(answer);
  });

  it('an answer without figures is one text segment', () => {
    expect(segmentAnswer('No figures here.', [])).toEqual([{ kind: 'text', text: 'No figures here.' }]);
  });
});

describe("setting aside a KB answer's lead line, which the Ask screen shows in its own box", () => {
  const lead = { title: 'Warfarin with NSAIDs', ref: '[1]' };
  const answer =
    'Warfarin with NSAIDs: strong match. Avoid: the card advises against this combination. What to do: quoted below. [1]\nQuoted from the reference card that answers:\nWarfarin with NSAIDs (What to do): “Check the INR within 3 days.” [1]';

  it('starts the answer after the lead line when the first line is that card’s lead', () => {
    const start = afterLeadLine(answer, lead);
    expect(answer.slice(start)).toMatch(/^Quoted from the reference card/);
  });

  it('keeps the whole answer when there is no lead, or its first line is not the lead (another card, no marker)', () => {
    expect(afterLeadLine(answer, undefined)).toBe(0);
    expect(afterLeadLine(answer, { title: 'Lithium with diuretics', ref: '[1]' })).toBe(0);
    expect(afterLeadLine(answer, { title: 'Warfarin with NSAIDs', ref: '[2]' })).toBe(0);
  });

  it('keeps the figures after the lead on their words and leaves the lead’s out of range', () => {
    const start = afterLeadLine(answer, lead);
    const rest = answer.slice(start);
    const three = answer.lastIndexOf('3 days');
    const segments = segmentAnswer(
      rest,
      shiftFigures(
        [
          { text: 'NSAIDs', start: 14, end: 20 },
          { text: '3 days', start: three, end: three + 6 },
        ],
        start,
      ),
    );
    expect(segments.filter((segment) => segment.kind === 'figure')).toEqual([{ kind: 'figure', text: '3 days', figure: 1 }]);
  });
});
