import { describe, expect, it } from 'vitest';
import { cellText, columnLabel, sectionLabel } from '../../../renderer/src/components/answer/context-labels.js';
import { isCount } from '../../../renderer/src/components/answer/segments.js';
import { en } from '../../../renderer/src/i18n/en.js';
import { es } from '../../../renderer/src/i18n/es.js';

function translator(messages: unknown) {
  return (key: string) => (key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages) as string | undefined) ?? key;
}

describe('the diary context in words', () => {
  it('names sections and columns as a person would, nutrients with their unit, in both languages', () => {
    expect(sectionLabel('daily_totals', translator(en))).toBe('Daily totals');
    expect(sectionLabel('meals: lunch only (every figure covers these meals)', translator(es))).toBe('Comidas: lunch only (every figure covers these meals)');
    expect(sectionLabel('something_new', translator(en))).toBe('something_new');
    expect(columnLabel('sodium_mg', 'en', translator(en))).toBe('Sodium (mg)');
    expect(columnLabel('energy_kcal', 'es', translator(es))).toBe('Energía (kcal)');
    expect(columnLabel('energy_kj', 'en', translator(en))).toBe('Energy (kJ)');
    expect(columnLabel('date_from', 'es', translator(es))).toBe('Desde');
    expect(columnLabel('mystery', 'en', translator(en))).toBe('mystery');
  });

  it("writes cells in the reader's formats: dates, thousands and decimal separators, known words", () => {
    expect(cellText('date', '2026-11-28', 'en', translator(en))).toBe('28 Nov 2026');
    expect(cellText('date', '2026-11-28', 'es', translator(es))).toMatch(/^28 nov 2026$/);
    expect(cellText('sodium_mg', '8868.8', 'en', translator(en))).toBe('8,868.8');
    expect(cellText('sodium_mg', '8868.8', 'es', translator(es))).toBe('8868,8');
    expect(cellText('statistic', 'daily_average', 'en', translator(en))).toBe('Average per day with entries');
    expect(cellText('nutrient', 'sodium', 'es', translator(es))).toBe('Sodio');
    expect(cellText('meal', 'dinner', 'es', translator(es))).toBe('Cena');
    expect(cellText('item', '2024', 'en', translator(en))).toBe('2024');
    expect(cellText('sodium_mg', '', 'en', translator(en))).toBe('—');
  });
});

describe('which figures are highlighted', () => {
  it('leaves counts and lengths of time plain and highlights amounts', () => {
    expect(isCount(null)).toBe(true);
    expect(isCount('days')).toBe(true);
    expect(isCount('mg')).toBe(false);
    expect(isCount('%')).toBe(false);
  });
});
