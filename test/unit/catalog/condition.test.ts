import { describe, expect, it } from 'vitest';
import { conditionTokens, detectLanguage, evaluateCondition, maximumConditionDepth, parseCondition, queryContext, type Condition } from '../../../main/corpora/catalog/condition.js';

/** Parses a condition that must be valid. */
function condition(value: unknown): Condition {
  const parsed = parseCondition(value);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.condition;
}

function holds(value: unknown, query: string): boolean {
  return evaluateCondition(condition(value), queryContext(query));
}

function errorsOf(value: unknown, path?: string): string[] {
  const parsed = parseCondition(value, path);
  return parsed.ok ? [] : parsed.errors;
}

describe('term folding and tokens (README rules 1 and 2)', () => {
  it('folds case and accents: "Cómo" is como, "días" is dias, "campaña" is campana', () => {
    expect(conditionTokens('Cómo DÍAS Campaña')).toEqual(['como', 'dias', 'campana']);
  });

  it('splits on every character outside [a-z0-9]: "write-off" is two tokens, "¿cuánto?" one', () => {
    expect(conditionTokens('write-off')).toEqual(['write', 'off']);
    expect(conditionTokens('¿cuánto?')).toEqual(['cuanto']);
    expect(conditionTokens('CRT_DIAS_MORA 12m')).toEqual(['crt', 'dias', 'mora', '12m']);
  });
});

describe('how a term matches (README rule 3)', () => {
  it('matches a one-word term only as a whole query token: "mora" is not in "moratorio"', () => {
    expect(holds({ any: ['mora'] }, 'intereses moratorios')).toBe(false);
    expect(holds({ any: ['mora'] }, 'días de mora')).toBe(true);
  });

  it('never matches on a stem: "castigo" does not match "castigados"', () => {
    expect(holds({ any: ['castigo'] }, 'créditos castigados')).toBe(false);
    expect(holds({ any: ['castigados'] }, '¿cuánto se recuperó de créditos CASTIGADOS?')).toBe(true);
  });

  it('matches a multi-word term as a contiguous phrase of whole tokens', () => {
    expect(holds({ any: ['fin de mes'] }, 'saldo a fin de mes')).toBe(true);
    expect(holds({ any: ['fin de mes'] }, 'fin del mes')).toBe(false);
    expect(holds({ any: ['fin de mes'] }, 'mes de fin')).toBe(false);
    expect(holds({ any: ['30 dias'] }, 'brecha de liquidez a 30 días')).toBe(true);
  });

  it('matches a hyphenated term against the same words however they are separated', () => {
    expect(holds({ any: ['write-off'] }, 'write off recoveries')).toBe(true);
    expect(holds({ any: ['write off'] }, 'write-offs')).toBe(false);
  });

  it('folds the terms too, so a term written with accents still matches', () => {
    expect(holds({ any: ['Campaña'] }, 'condonaciones por campana')).toBe(true);
  });
});

describe('language detection', () => {
  it('detects the README examples: English, Spanish, and Spanish when there is no evidence', () => {
    expect(queryContext('customer risk rating for AML').language).toBe('en');
    expect(queryContext('saldo vencido de la cartera').language).toBe('es');
    expect(queryContext('LCR').language).toBe('es');
  });

  it('resolves a tie as Spanish, because the catalog is Spanish', () => {
    expect(detectLanguage(['the', 'de'])).toBe('es');
    expect(detectLanguage(['the', 'of', 'de'])).toBe('en');
  });
});

describe('every form of the condition language', () => {
  it('always: true holds for any query', () => {
    expect(holds({ always: true }, 'anything at all')).toBe(true);
  });

  it('any: at least one term occurs', () => {
    expect(holds({ any: ['tarjeta', 'revolvente'] }, 'mora de la tarjeta')).toBe(true);
    expect(holds({ any: ['tarjeta', 'revolvente'] }, 'mora de un préstamo')).toBe(false);
  });

  it('all: every term occurs, in any order and position', () => {
    expect(holds({ all: ['cva', 'metodologia'] }, 'metodología del CVA')).toBe(true);
    expect(holds({ all: ['cva', 'metodologia'] }, 'cargo por CVA')).toBe(false);
  });

  it('lang: the detected language of the query', () => {
    expect(holds({ lang: 'en' }, 'risk-weighted assets by exposure class')).toBe(true);
    expect(holds({ lang: 'en' }, 'activos ponderados por riesgo')).toBe(false);
    expect(holds({ lang: 'es' }, 'LCR')).toBe(true);
  });

  it('and, or, not combine sub-conditions', () => {
    const dollarsInEnglish = { and: [{ lang: 'en' }, { any: ['usd', 'dollar', 'foreign currency'] }] };
    expect(holds(dollarsInEnglish, 'LCR in foreign currency')).toBe(true);
    expect(holds(dollarsInEnglish, 'LCR en moneda extranjera')).toBe(false);
    const historyOrMethod = { or: [{ any: ['historico', 'serie', '2023'] }, { all: ['cva', 'metodologia'] }] };
    expect(holds(historyOrMethod, 'serie del cargo')).toBe(true);
    expect(holds(historyOrMethod, 'metodologia cva')).toBe(true);
    expect(holds(historyOrMethod, 'cargo por cva')).toBe(false);
    expect(holds({ not: { any: ['usd', 'consolidado'] } }, 'LCR consolidado')).toBe(false);
    expect(holds({ not: { any: ['usd', 'consolidado'] } }, 'LCR')).toBe(true);
  });

  it('nests to any practical depth', () => {
    let nested: unknown = { any: ['lcr'] };
    for (let level = 0; level < 40; level += 1) nested = level % 2 === 0 ? { not: { not: nested } } : { and: [nested, { always: true }] };
    expect(holds(nested, 'ratio LCR')).toBe(true);
    expect(holds(nested, 'ratio NSFR')).toBe(false);
  });
});

describe('malformed conditions are rejected, never read as true', () => {
  const malformed: Array<[string, unknown]> = [
    ['an unknown key', { anyy: ['x'] }],
    ['two keys in one object', { any: ['x'], all: ['y'] }],
    ['no key at all', {}],
    ['an empty term list', { any: [] }],
    ['an empty sub-condition list', { and: [] }],
    ['a term that is not a string', { any: ['x', 3] }],
    ['a term without letters or digits', { any: ['¿?'] }],
    ['always with a value other than true', { always: false }],
    ['always with the string "true"', { always: 'true' }],
    ['an unknown language', { lang: 'fr' }],
    ['a list where a condition belongs', [{ any: ['x'] }]],
    ['a string where a condition belongs', 'always'],
    ['null', null],
    ['a terms object instead of a list', { all: { 0: 'x' } }],
    ['a malformed condition deep inside', { or: [{ any: ['x'] }, { not: { and: [{ lang: 'en' }, { any: [] }] } }] }],
  ];

  for (const [what, value] of malformed) {
    it(`rejects ${what}`, () => {
      expect(parseCondition(value).ok).toBe(false);
    });
  }

  it('names the exact location of each problem', () => {
    expect(errorsOf({ or: [{ any: ['x'] }, { not: { and: [{ lang: 'en' }, { any: [] }] } }] }, 'fields[3].tribal_notes[1].condition')).toEqual([
      'fields[3].tribal_notes[1].condition.or[1].not.and[1].any: expected a non-empty list of terms, not an empty list',
    ]);
    expect(errorsOf({ any: ['ok', 7, ''] })).toEqual(['condition.any[1]: a term is a string, not number 7', 'condition.any[2]: the term "" has no letters or digits']);
  });

  it('refuses nesting beyond the safety limit with a message instead of a stack overflow', () => {
    let nested: unknown = { always: true };
    for (let level = 0; level <= maximumConditionDepth + 1; level += 1) nested = { not: nested };
    const parsed = parseCondition(nested);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.errors[0]).toMatch(/deeper than/);
  });
});
