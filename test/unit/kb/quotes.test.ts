import { describe, expect, it } from 'vitest';
import { quotation, quoteUnits, selectQuotes } from '../../../main/corpora/kb/quotes.js';

describe('quotable units of a passage', () => {
  it('splits prose into sentences and keeps list items whole, without markers or emphasis', () => {
    const units = quoteUnits('First sentence. Second one, with **bold**? Third!\n\n- "A talking point. Two sentences."\n- Item two');
    expect(units.map((unit) => [unit.text, unit.listItem])).toEqual([
      ['First sentence.', false],
      ['Second one, with bold?', false],
      ['Third!', false],
      ['"A talking point. Two sentences."', true],
      ['Item two', true],
    ]);
  });

  it('does not split at abbreviations followed by a lowercase word or a number inside a sentence', () => {
    expect(quoteUnits('Levels e.g. above 1.5 mEq/L are high. Next.').map((unit) => unit.text)).toEqual(['Levels e.g. above 1.5 mEq/L are high.', 'Next.']);
  });
});

describe('choosing what to quote', () => {
  const passage = quoteUnits(
    'Warfarin is an anticoagulant. Ibuprofen and naproxen add to the bleeding risk of warfarin. The INR may not change. Ask about every pain reliever.',
  );

  it('quotes the units sharing the rarest question terms, in reading order', () => {
    const [chosen] = selectQuotes('Can I give ibuprofen to a patient on warfarin?', [passage], 2);
    expect(chosen?.map((unit) => unit.text)).toEqual(['Warfarin is an anticoagulant.', 'Ibuprofen and naproxen add to the bleeding risk of warfarin.']);
  });

  it('quotes only units that share a term when some do', () => {
    const [chosen] = selectQuotes('naproxen', [passage], 2);
    expect(chosen?.map((unit) => unit.text)).toEqual(['Ibuprofen and naproxen add to the bleeding risk of warfarin.']);
  });

  it('quotes the first units when the question shares no word with the passage', () => {
    const [chosen] = selectQuotes('¿Puedo darle esto?', [passage], 2);
    expect(chosen?.map((unit) => unit.position)).toEqual([0, 1]);
  });

  it('brings along the list a chosen unit introduces', () => {
    const units = quoteUnits('The core skills are OARS:\n\n- Open questions.\n- Affirmations.\n- Reflections.\n- Summaries.\n\nAn unrelated closing line.');
    const [chosen] = selectQuotes('what is OARS', [units], 1);
    expect(chosen?.map((unit) => unit.text)).toEqual(['The core skills are OARS:', 'Open questions.', 'Affirmations.', 'Reflections.', 'Summaries.']);
  });

  it('brings along the sentence that introduces a chosen list item, and nothing for a list without one', () => {
    const units = quoteUnits('Labeling advises stopping metformin before contrast in patients:\n\n- with a history of liver disease;\n- with an eGFR between 30 and 60.\n\nThe eGFR is re-evaluated after 48 hours.');
    const [chosen] = selectQuotes('eGFR between 30 and 60', [units], 1);
    expect(chosen?.map((unit) => unit.text)).toEqual(['Labeling advises stopping metformin before contrast in patients:', 'with an eGFR between 30 and 60.']);
    // An item that opens sub-items brings them, and a sub-item brings the item that opens it.
    const nested = quoteUnits('Advice:\n\n- Call your doctor if:\n  - chest pain\n  - black stools');
    expect(selectQuotes('call your doctor', [nested], 1)[0]?.map((unit) => unit.text)).toEqual(['Advice:', 'Call your doctor if:', 'chest pain', 'black stools']);
    expect(selectQuotes('black stools', [nested], 1)[0]?.map((unit) => unit.text)).toEqual(['Call your doctor if:', 'black stools']);
    const bare = quoteUnits('Aged cheeses.\n\n- Salami and cured meats.\n- Soy sauce.');
    expect(selectQuotes('soy sauce', [bare], 1)[0]?.map((unit) => unit.text)).toEqual(['Soy sauce.']);
  });
});

describe('sentence boundaries in clinical text', () => {
  it('does not cut at "St." (St. John\'s wort) or at clinical abbreviations', () => {
    const units = quoteUnits("Avoid St. John's wort with SSRIs. Recheck approx. every 4 wk. until stable. Stop.");
    expect(units.map((unit) => unit.text)).toEqual(["Avoid St. John's wort with SSRIs.", 'Recheck approx. every 4 wk. until stable.', 'Stop.']);
  });
});

describe('quotation marks around a quote', () => {
  it('drops a unit\'s own straight quotes, so a talking point is not shown in two pairs of marks', () => {
    expect(quotation('"If your lips swell, call 911."')).toBe('“If your lips swell, call 911.”');
    expect(quotation('Check for any nitrate.')).toBe('“Check for any nitrate.”');
    // Quotes inside a sentence are the card's words and stay.
    expect(quotation('Say "stop" and "call 911".')).toBe('“Say "stop" and "call 911".”');
  });
});
