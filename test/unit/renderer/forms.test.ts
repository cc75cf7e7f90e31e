import { describe, expect, it } from 'vitest';
import { fieldsOf, parseNutrientFields } from '../../../renderer/src/features/foods/per100g-form.js';
import { parseSettingNumber } from '../../../renderer/src/features/settings/parse-number.js';
import { markdownBlocks } from '../../../renderer/src/features/kb/markdown.js';
import { formatAmount } from '../../../renderer/src/i18n/format.js';

describe("the food form's nutrients", () => {
  it('reads numbers with a decimal point or a Spanish decimal comma, and leaves empty fields unmeasured', () => {
    const { per100g, invalid } = parseNutrientFields({ energy_kcal: '38,5', sodium: ' 210 ', protein: '' });
    expect(per100g).toEqual({ energy_kcal: 38.5, sodium: 210 });
    expect(invalid).toEqual([]);
  });

  it('names every field that is not a number instead of guessing', () => {
    expect(parseNutrientFields({ energy_kcal: 'abc', fat: '-1', sodium: '1e3' }).invalid).toEqual(['energy_kcal', 'fat', 'sodium']);
  });

  it("shows a food's unmeasured nutrients as empty fields, not zeros", () => {
    const fields = fieldsOf({ energy_kcal: 0, sodium: 12.5 });
    expect(fields.energy_kcal).toBe('0');
    expect(fields.sodium).toBe('12.5');
    expect(fields.protein).toBe('');
  });
});

describe('numbers typed in the settings', () => {
  it('accepts a point or a comma and rejects anything else', () => {
    expect(parseSettingNumber('0,65')).toBe(0.65);
    expect(parseSettingNumber('-0.2')).toBe(-0.2);
    expect(parseSettingNumber('60')).toBe(60);
    expect(parseSettingNumber('abc')).toBeNull();
    expect(parseSettingNumber('')).toBeNull();
    expect(parseSettingNumber('1.2.3')).toBeNull();
  });
});

describe('amounts as people read them', () => {
  it("keeps a food's composition precise and rounds daily totals", () => {
    expect(formatAmount(4.46, 'iron', 'en', true)).toBe('4.46 mg');
    expect(formatAmount(353.7, 'energy_kcal', 'en', true)).toBe('353.7 kcal');
    expect(formatAmount(1444.855, 'energy_kcal', 'en')).toBe('1,445 kcal');
    expect(formatAmount(91.14, 'protein', 'es')).toBe('91,1 g');
  });
});

describe("the reader's Markdown", () => {
  it('turns a card section into paragraphs and lists, never HTML', () => {
    const blocks = markdownBlocks('Tyramine can cause a crisis.\nIt is in food.\n\n- Aged cheeses.\n- Cured meats.\n\n1. First\n2. Second\n\n<script>x</script>');
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'Tyramine can cause a crisis. It is in food.' },
      { kind: 'list', ordered: false, items: ['Aged cheeses.', 'Cured meats.'] },
      { kind: 'list', ordered: true, items: ['First', 'Second'] },
      { kind: 'paragraph', text: '<script>x</script>' },
    ]);
  });
});
