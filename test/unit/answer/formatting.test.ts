import { describe, expect, it } from 'vitest';
import { csvLine, splitCsvLine } from '../../../main/answer/csv-line.js';
import { formatDecimal } from '../../../main/answer/decimal-format.js';
import { detectLanguage, diaryDisclaimer } from '../../../main/answer/language.js';
import { extractJsonObject } from '../../../main/answer/llm/llm-client.js';

describe('formatDecimal', () => {
  it('rounds half away from zero on decimal digits, not on the binary float', () => {
    expect(formatDecimal(409.49999999999994)).toBe('409.5');
    expect(formatDecimal(0.25)).toBe('0.3');
    expect(formatDecimal(1.05)).toBe('1.1');
    expect(formatDecimal(2.449)).toBe('2.4');
    expect(formatDecimal(91)).toBe('91.0');
    expect(formatDecimal(0.04)).toBe('0.0');
    expect(formatDecimal(1234.5, 0)).toBe('1235');
    expect(formatDecimal(-2.25)).toBe('-2.3');
  });
});

describe('CSV lines', () => {
  it('quotes only what needs quoting and reads it back', () => {
    const values = ['plain', 'with, comma', 'with "quotes"', ' padded ', 'line\nbreak'];
    const line = csvLine(values);
    expect(line).toBe('plain,"with, comma","with ""quotes"""," padded ",line break');
    expect(splitCsvLine(line).map((cell) => cell.value)).toEqual(['plain', 'with, comma', 'with "quotes"', ' padded ', 'line break']);
  });

  it('keeps empty cells', () => {
    expect(splitCsvLine('a,,b,').map((cell) => cell.value)).toEqual(['a', '', 'b', '']);
  });
});

describe('detectLanguage', () => {
  it('tells Spanish from English questions', () => {
    expect(detectLanguage('¿qué alimentos me aportaron más sodio en las últimas dos semanas?')).toBe('es');
    expect(detectLanguage('cuanta proteina comi ayer')).toBe('es');
    expect(detectLanguage('which foods gave me the most sodium in the last two weeks?')).toBe('en');
    expect(detectLanguage('protein yesterday')).toBe('en');
  });

  it('gives the fixed disclaimer of each language', () => {
    expect(diaryDisclaimer('en')).toBe('AI-generated answer; verify in the dashboard');
    expect(diaryDisclaimer('es')).toBe('Respuesta generada por IA; verifique en el panel');
  });
});

describe('extractJsonObject', () => {
  it('reads bare JSON, fenced JSON and JSON inside prose', () => {
    expect(extractJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(extractJsonObject('```json\n{"a":2}\n```')).toEqual({ a: 2 });
    expect(extractJsonObject('Here is the plan: {"a":3} hope it helps')).toEqual({ a: 3 });
  });

  it('throws on text without a JSON object', () => {
    expect(() => extractJsonObject('no json here')).toThrow(/JSON object/);
  });
});
