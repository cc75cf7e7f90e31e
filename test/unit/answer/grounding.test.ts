import { describe, expect, it } from 'vitest';
import { checkGrounding } from '../../../main/answer/grounding.js';

const context = [
  '# foods',
  'date,meal,item,grams,energy_kcal,sodium_mg',
  '2026-07-02,breakfast,"Pan integral, Bimbo",91.0,224.8,409.5',
  '2026-07-01,lunch,Queso fresco,40.0,105.2,242.0',
  '# summary',
  'statistic,energy_kcal,sodium_mg',
  'total,1234.5,30801.4',
].join('\n');

describe('checkGrounding', () => {
  it('verifies a figure copied from the context and reports its line and offsets', () => {
    const answer = 'Pan integral, 91.0 g → 409.5 mg of sodium on 2026-07-02 [1].';
    const grounding = checkGrounding(answer, context);
    expect(grounding.figures.map((figure) => [figure.text, figure.unit, figure.verified])).toEqual([
      ['91.0 g', 'g', true],
      ['409.5 mg', 'mg', true],
    ]);
    const sodium = grounding.figures[1];
    expect(sodium?.context_lines).toEqual([3]);
    expect(answer.slice(sodium?.start, sodium?.end)).toBe('409.5 mg');
    expect(grounding).toMatchObject({ verified: 2, unverified: 0, trusted: true });
  });

  it('flags a fabricated figure', () => {
    const grounding = checkGrounding('Pan integral gave you 512.3 mg of sodium.', context);
    expect(grounding.figures).toHaveLength(1);
    expect(grounding.figures[0]).toMatchObject({ text: '512.3 mg', value: 512.3, verified: false, context_lines: [] });
    expect(grounding).toMatchObject({ verified: 0, unverified: 1, trusted: false });
  });

  it('flags a figure whose unit disagrees with its column', () => {
    const grounding = checkGrounding('The bread had 409.5 g of sodium.', context);
    expect(grounding.figures[0]).toMatchObject({ unit: 'g', verified: false });
    expect(grounding.trusted).toBe(false);
  });

  it('reads a Spanish decimal comma and Spanish unit names', () => {
    const grounding = checkGrounding('El pan integral aportó 409,5 miligramos de sodio en 91,0 gramos.', context);
    expect(grounding.figures.map((figure) => [figure.value, figure.unit, figure.verified])).toEqual([
      [409.5, 'mg', true],
      [91, 'g', true],
    ]);
  });

  it('reads thousands separators in English and Spanish', () => {
    expect(checkGrounding('In total 30,801.4 mg.', context).trusted).toBe(true);
    expect(checkGrounding('En total 30.801,4 mg.', context).trusted).toBe(true);
    expect(checkGrounding('En total 1.234,5 kcal.', context).figures[0]).toMatchObject({ value: 1234.5, verified: true });
  });

  it('tries both readings of an ambiguous separator', () => {
    expect(checkGrounding('1,234 kcal', 'total,1234').figures[0]).toMatchObject({ value: 1234, verified: true });
    expect(checkGrounding('1,234 kcal', 'total,1.2340').figures[0]).toMatchObject({ value: 1.234, verified: true });
    expect(checkGrounding('1,234 kcal', 'total,1.2').trusted).toBe(false);
  });

  it('matches after rounding to the precision written in the answer, and no further', () => {
    expect(checkGrounding('409.50 mg', context).trusted).toBe(true);
    expect(checkGrounding('about 410 mg', context).trusted).toBe(true);
    expect(checkGrounding('about 409 mg', context).trusted).toBe(false);
    expect(checkGrounding('409.55 mg', context).trusted).toBe(false);
  });

  it('rounds exact decimals half away from zero, without binary float error', () => {
    expect(checkGrounding('1.0 mg', 'value,1.05').trusted).toBe(false);
    expect(checkGrounding('1.1 mg', 'value,1.05').trusted).toBe(true);
    expect(checkGrounding('0.3', 'value,0.25').trusted).toBe(true);
  });

  it('does not count citation markers as figures', () => {
    const grounding = checkGrounding('Queso fresco [2], pan [1, 3] and more [^4] [5-6].', context);
    expect(grounding.figures).toEqual([]);
    expect(grounding.trusted).toBe(true);
  });

  it('ignores dates the context contains, in ISO and written forms, in both languages', () => {
    for (const answer of ['on 2026-07-02', 'el 2 de julio', 'on July 2', 'on 2 July 2026', 'el 1 de julio de 2026', 'in July 2026', 'on July 2nd, 2026']) {
      const grounding = checkGrounding(answer, context);
      expect(grounding.figures, answer).toEqual([]);
    }
  });

  it('flags a date the context does not contain', () => {
    const grounding = checkGrounding('El 9 de julio comiste pan.', context);
    expect(grounding.figures).toHaveLength(1);
    expect(grounding.figures[0]).toMatchObject({ text: '9 de julio', unit: 'date', value: 709, verified: false });
    expect(checkGrounding('on 2026-06-30', context).figures[0]).toMatchObject({ value: 20260630, verified: false });
  });

  it('does not let the digits of a context date verify a bare number', () => {
    expect(checkGrounding('You ate 7 foods.', '2026-07-02,bread').trusted).toBe(false);
  });

  it('reads a range as two figures sharing the unit of the second', () => {
    const grounding = checkGrounding('Target digoxin level 0.6–1.2 ng/mL; potassium 3,5 a 5,0 mEq/L.', 'range 0.6 to 1.2\npotassium 3.5-5.0 mEq/L');
    expect(grounding.figures.map((figure) => [figure.value, figure.verified])).toEqual([
      [0.6, true],
      [1.2, true],
      [3.5, true],
      [5, true],
    ]);
    expect(grounding.figures[2]?.unit).toBe('mEq/L');
    expect(checkGrounding('3.5–5.0 mg/dL', 'potassium 3.5-5.0 mEq/L').unverified).toBe(2);
  });

  it('does not take digits glued to a name for figures', () => {
    const grounding = checkGrounding('Vitamin B12, COVID-19, omega-3 and CYP3A4 are names.', 'nothing here');
    expect(grounding.figures).toEqual([]);
  });

  it('reads percentages, glued units and units of other kinds', () => {
    const grounding = checkGrounding('That is 82% of the target, 224.8kcal, over 14 days, 2 h apart.', 'pct,82 %\nx,224.8\ndays,14\ntimes 2 h');
    expect(grounding.figures.map((figure) => [figure.text, figure.unit, figure.verified])).toEqual([
      ['82%', '%', true],
      ['224.8kcal', 'kcal', true],
      ['14 days', 'days', true],
      ['2 h', 'h', true],
    ]);
  });

  it('takes a CSV unit only from the column header of a whole-number cell', () => {
    const csv = 'item,grams\n"Biscuit 5 pieces",30.0';
    expect(checkGrounding('5 pieces', csv).trusted).toBe(true);
    expect(checkGrounding('30.0 g', csv).trusted).toBe(true);
    expect(checkGrounding('30.0 mg', csv).trusted).toBe(false);
  });

  it('ends a CSV block at a line with another cell count', () => {
    const csv = 'date,sodium_mg\n2026-07-02,409.5\nnote: 409.5 was measured, twice, here';
    const grounding = checkGrounding('409.5 g', csv);
    expect(grounding.figures[0]).toMatchObject({ verified: true, context_lines: [3] });
  });

  it('trusts an answer without figures', () => {
    expect(checkGrounding('You ate bread.', context)).toEqual({ figures: [], verified: 0, unverified: 0, trusted: true });
  });
});

describe('checkGrounding on CSV contexts', () => {
  it('reads the number after a date in a CSV row', () => {
    const csv = 'date,sodium_mg\n2026-11-16,2000.0';
    expect(checkGrounding('Target 2000.0 mg on 2026-11-16.', csv)).toMatchObject({ verified: 1, unverified: 0 });
  });

  it('reads CSV cells one by one, never "5,320.0" as one number', () => {
    const csv = 'item,entries,grams,sodium_mg\n"Sopa (Maruchan)",5,320.0,5440.0';
    const grounding = checkGrounding('Sopa: 5440.0 mg in 5 entries (320.0 g).', csv);
    expect(grounding.figures.map((figure) => [figure.text, figure.verified])).toEqual([
      ['5440.0 mg', true],
      ['5', true],
      ['320.0 g', true],
    ]);
    expect(checkGrounding('5,320.0 g', csv).trusted).toBe(false);
  });

  it('takes a cell under a header without a unit for a count, which verifies only a figure without a unit', () => {
    const csv = 'item,entries,grams\nBread,12,91.0';
    expect(checkGrounding('in 12 entries', csv).trusted).toBe(true);
    expect(checkGrounding('12 %', csv).trusted).toBe(false);
    expect(checkGrounding('12 mg', csv).trusted).toBe(false);
  });

  it('reads a line outside a CSV block as prose, thousands separators included', () => {
    expect(checkGrounding('1,000 mg', 'Do not exceed 1,000 mg a day, they say.').trusted).toBe(true);
  });
});
