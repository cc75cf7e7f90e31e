import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDay, formatDaysIn } from '../../../renderer/src/i18n/format.js';
import { noticeTemplates, noticeText } from '../../../renderer/src/i18n/notices.js';

const mainRoot = fileURLToPath(new URL('../../../main', import.meta.url));

function sourceText(directory: string): string {
  return readdirSync(directory)
    .map((name) => {
      const path = join(directory, name);
      return statSync(path).isDirectory() ? sourceText(path) : name.endsWith('.ts') ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('notices in the screen language', () => {
  it('says a no-match notice in Spanish with the query the user typed', () => {
    const notice = { code: 'no_match', message: 'No food in the catalog matches "xyzzy". Check the spelling.', params: { query: 'xyzzy' } };
    expect(noticeText(notice, 'es')).toBe('Ningún alimento del catálogo coincide con «xyzzy». Revise la ortografía, pruebe otro nombre o añádalo como alimento propio.');
  });

  it('shows cita’s English message in the English screen', () => {
    const notice = { code: 'no_match', message: 'No food in the catalog matches "xyzzy". Check the spelling.', params: { query: 'xyzzy' } };
    expect(noticeText(notice, 'en')).toBe(notice.message);
  });

  it('names the nutrient in Spanish and writes the count as a Spanish reader does', () => {
    const notice = { code: 'unmeasured', message: 'Sodium is not measured for 1200 diary entries; …', params: { nutrient: 'sodium', count: 1200 } };
    expect(noticeText(notice, 'es')).toBe('Sodio: no se midió en 1200 entradas del diario; los totales cubren solo los alimentos medidos.');
  });

  it('picks the variant the notice names in params.context', () => {
    const foods = { code: 'context_cut', message: 'Food totals cut to 40 of 52 foods (largest energy first).', params: { context: 'foods', shown: 40, total: 52 } };
    const entries = { code: 'context_cut', message: 'Food rows cut to 80 of 90 entries (largest energy first).', params: { context: 'entries', shown: 80, total: 90 } };
    expect(noticeText(foods, 'es')).toBe('Totales por alimento recortados a 40 de 52 alimentos (los de más energía primero).');
    expect(noticeText(entries, 'es')).toBe('Filas de alimentos recortadas a 80 de 90 entradas (las de más energía primero).');
  });

  it('falls back to cita’s message for an unknown code, and for a known one whose params are missing', () => {
    expect(noticeText({ code: 'something_new', message: 'A new kind of notice.' }, 'es')).toBe('A new kind of notice.');
    expect(noticeText({ code: 'no_match', message: 'No food in the catalog matches "x".' }, 'es')).toBe('No food in the catalog matches "x".');
  });

  it('has a template only for codes cita really sends, with every placeholder a param', () => {
    const source = sourceText(mainRoot);
    for (const [key, template] of Object.entries(noticeTemplates.es ?? {})) {
      const code = key.replace(/_(foods|entries|fields|fat)$/, '');
      expect(source, key).toContain(`code: '${code}'`);
      for (const match of template.matchAll(/\{\{(\w+)\}\}/g)) expect(source, `${key}: ${match[1]}`).toMatch(new RegExp(`\\b${match[1]}\\b`));
    }
  });
});

describe('days inside a text', () => {
  it('writes each YYYY-MM-DD day as the reader does and leaves the rest of the text alone', () => {
    expect(formatDaysIn('Sodio del 2026-11-23 al 2026-11-29 (7 días)', 'es')).toBe('Sodio del 23 nov 2026 al 29 nov 2026 (7 días)');
    expect(formatDaysIn('Sodium from 2026-11-23 to 2026-11-29', 'en')).toBe('Sodium from 23 Nov 2026 to 29 Nov 2026');
  });

  it('leaves a day that does not exist as written instead of rolling it into the next month', () => {
    expect(formatDay('2026-02-31', 'en')).toBe('2026-02-31');
    expect(formatDay('2026-13-01', 'es')).toBe('2026-13-01');
    expect(formatDaysIn('no such day: 2026-02-31', 'en')).toBe('no such day: 2026-02-31');
  });
});
