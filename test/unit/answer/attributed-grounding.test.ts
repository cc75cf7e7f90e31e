import { describe, expect, it } from 'vitest';
import { checkAttributedGrounding } from '../../../main/answer/attributed-grounding.js';
import { checkGrounding } from '../../../main/answer/grounding.js';

/** A diary context: Pan integral on 2026-11-20 was 91.0 g with 409.5 mg; 1088.0 mg belongs to the soup that day, 64.0 g to the bread on 2026-11-22. */
const context = [
  '# period',
  'date_from,date_to,days,days_with_entries',
  '2026-11-18,2026-12-01,14,14',
  '# daily_totals',
  'date,entries,sodium_mg',
  '2026-11-20,9,2582.1',
  '2026-11-22,8,740.3',
  '# summary',
  'statistic,sodium_mg',
  'total,15781.5',
  'daily_average,1127.3',
  '# food_totals',
  'item,entries,grams,energy_kcal,sodium_mg',
  '"Pan integral (Bimbo)",2,155.0,382.9,697.5',
  '"Sopa instantánea de fideos (Maruchan)",1,64.0,281.6,1088.0',
  '# foods',
  'date,meal,item,grams,energy_kcal,sodium_mg',
  '2026-11-20,breakfast,"Pan integral (Bimbo)",91.0,224.8,409.5',
  '2026-11-20,dinner,"Sopa instantánea de fideos (Maruchan)",64.0,281.6,1088.0',
  '2026-11-22,breakfast,"Pan integral (Bimbo)",64.0,158.1,288.0',
].join('\n');

function figures(answer: string): Array<[string, boolean, string | undefined]> {
  return checkAttributedGrounding(answer, context).figures.map((figure) => [figure.text, figure.verified, figure.attribution]);
}

describe('checkAttributedGrounding', () => {
  it('leaves "Pan integral 64.0 g … 1088.0 mg on 2026-11-20" unverified: those figures belong to other rows', () => {
    const answer = 'Pan integral 64.0 g with 1088.0 mg of sodium on 2026-11-20.';
    const grounding = checkAttributedGrounding(answer, context);
    expect(grounding.figures.map((figure) => [figure.text, figure.verified, figure.attribution])).toEqual([
      ['64.0 g', false, 'misattributed'],
      ['1088.0 mg', false, 'misattributed'],
    ]);
    expect(grounding).toMatchObject({ verified: 0, unverified: 2, trusted: false });
    // The plain check, which the KB keeps, finds both figures somewhere and trusts the sentence.
    expect(checkGrounding(answer, context).trusted).toBe(true);
  });

  it('verifies the same sentence with the figures of the bread on that day, and points at its row', () => {
    const grounding = checkAttributedGrounding('Pan integral 91.0 g with 409.5 mg of sodium on 2026-11-20.', context);
    expect(grounding.figures.map((figure) => [figure.text, figure.verified, figure.attribution, figure.context_lines])).toEqual([
      ['91.0 g', true, 'subject', [18]],
      ['409.5 mg', true, 'subject', [18]],
    ]);
    expect(grounding.trusted).toBe(true);
  });

  it('takes the food with or without its brand, and a written date without a year', () => {
    expect(figures('Pan integral (Bimbo): 91.0 g, 409.5 mg, el 20 de noviembre.')).toEqual([
      ['91.0 g', true, 'subject'],
      ['409.5 mg', true, 'subject'],
    ]);
  });

  it('checks Spanish and English number formats alike', () => {
    expect(figures('Sopa instantánea de fideos: 1088,0 mg el 2026-11-20.')).toEqual([['1088,0 mg', true, 'subject']]);
    expect(figures('Sopa instantánea de fideos: 1,088.0 mg on 2026-11-20.')).toEqual([['1,088.0 mg', true, 'subject']]);
    expect(figures('Total 15.781,5 mg del 2026-11-18 al 2026-12-01.')).toEqual([['15.781,5 mg', true, 'subject']]);
    expect(figures('Pan integral: 1088,0 mg el 2026-11-20.')).toEqual([['1088,0 mg', false, 'misattributed']]);
  });

  it('attributes by day alone when a clause names only a day', () => {
    expect(figures('On 2026-11-20 your total was 2582.1 mg.')).toEqual([['2582.1 mg', true, 'subject']]);
    expect(figures('On 2026-11-22 your total was 2582.1 mg.')).toEqual([['2582.1 mg', false, 'misattributed']]);
  });

  it('attributes by food alone when a clause names only a food: its period total', () => {
    expect(figures('Pan integral (Bimbo) gave 697.5 mg in 2 entries.')).toEqual([
      ['697.5 mg', true, 'subject'],
      ['2', true, 'subject'],
    ]);
  });

  it("gives a row with no date of its own the period bounds: a total is no single day's", () => {
    expect(figures('From 2026-11-18 to 2026-12-01 the total was 15781.5 mg.')).toEqual([['15781.5 mg', true, 'subject']]);
    expect(figures('On 2026-11-20 the total was 15781.5 mg.')).toEqual([['15781.5 mg', false, 'misattributed']]);
  });

  it('accepts a day within a range the clause names', () => {
    expect(figures('Between 2026-11-18 and 2026-11-22 the highest day had 2582.1 mg.')).toEqual([['2582.1 mg', true, 'subject']]);
    expect(figures('Between 2026-11-22 and 2026-12-01 the highest day had 2582.1 mg.')).toEqual([['2582.1 mg', false, 'misattributed']]);
  });

  it('lets a clause naming no subject take the subjects of the clause before it in the sentence', () => {
    expect(figures('Pan integral on 2026-11-20: 91.0 g; 409.5 mg.')).toEqual([
      ['91.0 g', true, 'subject'],
      ['409.5 mg', true, 'subject'],
    ]);
    expect(figures('Pan integral on 2026-11-20: 91.0 g; 1088.0 mg.')).toEqual([
      ['91.0 g', true, 'subject'],
      ['1088.0 mg', false, 'misattributed'],
    ]);
  });

  it('keeps a figure in a sentence naming no subject trusted when the context holds it, as the plain check does', () => {
    expect(figures('The largest entry had 1088.0 mg.')).toEqual([['1088.0 mg', true, 'unnamed']]);
  });

  it('does not trust a figure of an unnamed sentence held only by another food than the one just named', () => {
    expect(figures('Pan integral on 2026-11-20 was 91.0 g. It gave 1088.0 mg of sodium.')).toEqual([
      ['91.0 g', true, 'subject'],
      ['1088.0 mg', false, 'misattributed'],
    ]);
  });

  it('trusts a period total in an unnamed sentence after a named food, since a total belongs to no food', () => {
    expect(figures('Pan integral on 2026-11-20 was 91.0 g. Over the period the average was 1127.3 mg.')).toEqual([
      ['91.0 g', true, 'subject'],
      ['1127.3 mg', true, 'unnamed'],
    ]);
  });

  it('starts a new scope at a blank line', () => {
    expect(figures('Pan integral on 2026-11-20 was 91.0 g.\n\nThe largest entry had 1088.0 mg.')).toEqual([
      ['91.0 g', true, 'subject'],
      ['1088.0 mg', true, 'unnamed'],
    ]);
  });

  it('still flags a figure the context does not hold at all, without an attribution', () => {
    expect(figures('Pan integral on 2026-11-20: 512.3 mg.')).toEqual([['512.3 mg', false, undefined]]);
  });

  it('still flags a date the context does not hold', () => {
    const grounding = checkAttributedGrounding('Pan integral on 2026-11-25.', context);
    expect(grounding.figures).toMatchObject([{ text: '2026-11-25', unit: 'date', verified: false }]);
  });
});
