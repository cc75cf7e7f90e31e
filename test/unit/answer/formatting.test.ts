import { describe, expect, it } from 'vitest';
import { csvLine, splitCsvLine } from '../../../main/answer/csv-line.js';
import { formatDecimal, localizeNumber } from '../../../main/answer/decimal-format.js';
import { checkGrounding } from '../../../main/answer/grounding.js';
import { answerLanguage, detectLanguage, diaryDisclaimer, questionLanguage } from '../../../main/core/language.js';
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

describe('localizeNumber', () => {
  it('writes English numbers with a decimal point and thousands commas', () => {
    expect(localizeNumber('1273.5', 'en')).toBe('1,273.5');
    expect(localizeNumber('30801.4', 'en')).toBe('30,801.4');
    expect(localizeNumber('150.0', 'en')).toBe('150.0');
    expect(localizeNumber('14', 'en')).toBe('14');
  });

  it('writes Spanish numbers with a decimal comma, grouping thousands from five digits as the screens do', () => {
    expect(localizeNumber('1273.5', 'es')).toBe('1273,5');
    expect(localizeNumber('150.0', 'es')).toBe('150,0');
    expect(localizeNumber('30801.4', 'es')).toBe('30.801,4');
    expect(localizeNumber('-289.7', 'es')).toBe('-289,7');
  });

  it('leaves text that is not a plain number as it is', () => {
    expect(localizeNumber('2026-11-20', 'es')).toBe('2026-11-20');
    expect(localizeNumber('', 'en')).toBe('');
  });

  it('changes no value: the grounding check reads every localized figure back', () => {
    for (const cell of ['1273.5', '30801.4', '150.0', '0.3', '100000.0']) {
      for (const language of ['en', 'es'] as const) {
        expect(checkGrounding(`${localizeNumber(cell, language)} mg`, `total,${cell}`).trusted, `${cell} ${language}`).toBe(true);
      }
    }
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

  it('tells the language of a question, or nothing when it is too short to tell', () => {
    expect(questionLanguage('¿Cuánta grasa comí entre el 20 de noviembre y el 10 de diciembre?')).toBe('es');
    expect(questionLanguage('proteína')).toBe('es');
    expect(questionLanguage('how much protein did I eat last week?')).toBe('en');
    expect(questionLanguage('kcal')).toBeNull();
    // Texted Spanish with no accent or ¿: "q", "porfa", "algo" are its words.
    expect(questionLanguage('q ceno hoy? algo ligerito porfa')).toBe('es');
    expect(questionLanguage('what did I eat today? something light')).toBe('en');
    expect(questionLanguage('pasame una receta de arepas reina pepiada')).toBe('es');
    expect(questionLanguage('sodio')).toBeNull();
    expect(questionLanguage('asdf qwer')).toBeNull();
  });

  it("answers in the question's language whatever the screen, and in the screen's when the question cannot tell", () => {
    expect(answerLanguage('¿qué cené ayer?', { uiLanguage: 'en' })).toBe('es');
    expect(answerLanguage('what did I eat yesterday?', { uiLanguage: 'es' })).toBe('en');
    expect(answerLanguage('kcal', { uiLanguage: 'es' })).toBe('es');
    expect(answerLanguage('kcal', {})).toBe('en');
    expect(answerLanguage('¿qué cené ayer?', { language: 'en', uiLanguage: 'es' })).toBe('en');
  });

  it('names offline rules in the disclaimer of an answer made without a model, and a screen that exists', () => {
    expect(diaryDisclaimer('en', { planner: 'rules', composer: 'deterministic' })).toBe('Answer composed by offline rules (no AI) from your diary rows; check it in Diary (Day and Trends tabs).');
    expect(diaryDisclaimer('es', { planner: 'rules', composer: 'deterministic' })).toBe(
      'Respuesta compuesta por reglas sin conexión (sin IA) a partir de las filas de su diario; compruébela en Diario (pestañas Día y Tendencias).',
    );
  });

  it('names the language model in the disclaimer when one planned or wrote the answer', () => {
    expect(diaryDisclaimer('en', { planner: 'llm', composer: 'llm' })).toMatch(/^AI-generated answer: a language model wrote it .*which also planned the lookup/);
    expect(diaryDisclaimer('en', { planner: 'rules', composer: 'llm' })).toMatch(/^AI-generated answer: .*lookup planned by offline rules/);
    expect(diaryDisclaimer('en', { planner: 'llm', composer: 'deterministic' })).toMatch(/^Lookup planned by AI \(a language model\); answer composed by offline rules/);
    expect(diaryDisclaimer('es', { planner: 'llm', composer: 'llm' })).toMatch(/^Respuesta generada por IA: la redactó un modelo de lenguaje/);
    for (const planner of ['rules', 'llm'] as const) {
      for (const composer of ['deterministic', 'llm'] as const) {
        expect(diaryDisclaimer('en', { planner, composer })).toContain('Diary (Day and Trends tabs)');
        expect(diaryDisclaimer('en', { planner, composer })).not.toContain('dashboard');
      }
    }
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
