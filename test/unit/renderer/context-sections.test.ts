import { describe, expect, it } from 'vitest';
import { parseContextSections, splitCsvLine } from '../../../renderer/src/components/answer/context-sections.js';

describe('reading the diary context as tables', () => {
  const context = ['# daily_totals', 'date,entries,sodium_mg', '2026-11-16,10,127.9', '2026-11-17,13,1695.3', '# food_totals', 'item,entries,sodium_mg', '"Wheat flour, atta",16,22.3'].join('\n');

  it("keeps each row's line number of the context, which figures and citations point at", () => {
    const sections = parseContextSections(context);
    expect(sections?.map((section) => section.title)).toEqual(['daily_totals', 'food_totals']);
    expect(sections?.[0]?.header).toEqual(['date', 'entries', 'sodium_mg']);
    expect(sections?.[0]?.rows.map((row) => row.line)).toEqual([3, 4]);
    expect(sections?.[1]?.rows[0]).toEqual({ line: 7, cells: ['Wheat flour, atta', '16', '22.3'] });
  });

  it("a context that is not sectioned CSV (the KB's passages) is shown line by line instead", () => {
    expect(parseContextSections('[1] Warfarin — What happens\nNSAIDs raise the bleeding risk.')).toBeNull();
  });

  it('splits quoted CSV fields with commas and doubled quotes', () => {
    expect(splitCsvLine('"a, b","say ""hi""",3,')).toEqual(['a, b', 'say "hi"', '3', '']);
  });
});
