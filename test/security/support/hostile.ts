import fc from 'fast-check';
import { z } from 'zod';
import { operations, type OperationName } from '../../../shared/contract.js';

/** Strings chosen to break parsers, queries and file paths. */
export const nastyStrings: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  "'; DROP TABLE foods; --",
  "' OR '1'='1",
  '" OR 1=1 --',
  '1; DELETE FROM diary_entries',
  '"*" OR NEAR(',
  'NEAR(a b, -1)',
  '*',
  '"',
  '""',
  'name:* AND -',
  '(((((',
  '%',
  '_',
  '\\',
  '\u0000',
  'a\u0000b',
  '\u0007\u0008\u001b[2J',
  '\u007f',
  '\u202eevil',
  '\ud800',
  '\udfff\ud800',
  '😀'.repeat(50),
  'ǅ\u0301\u0301\u0301',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  'file:///etc/passwd',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  '{{constructor.constructor("return process")()}}',
  '${process.exit(1)}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '1970-01-01',
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '9999-12-31',
  '+275760-09-13',
  '-000001-01-01',
  '2024-1-1',
  '2024-01-01T00:00:00Z',
  'today',
  'yesterday',
  'a'.repeat(64),
  'a'.repeat(65),
  'x'.repeat(2_001),
  'x'.repeat(100_000),
  'SELECT * FROM profiles',
  'default',
  'alice',
  'bob',
  'nobody',
];

/** Numbers at and beyond every edge; NaN and ±Infinity only reach the dispatcher in-process (JSON has neither). */
export const nastyNumbers: readonly number[] = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  0,
  -1,
  -100,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER - 2,
  Number.MIN_VALUE,
  Number.EPSILON,
  0.5,
  1.5,
  2 ** 31,
  2 ** 53,
  5001,
  1e6,
];

/** Valid-looking values, so that some mutated inputs pass validation and reach the handlers. */
export const plausibleValues: readonly unknown[] = [
  'default',
  'alice',
  'bob',
  'foods',
  'catalog',
  'kb',
  'diary',
  'keyword',
  'vector',
  'hybrid',
  'breakfast',
  'lunch',
  'en',
  'es',
  'reembed',
  '2025-06-01',
  '2025-06-15',
  'rice',
  'sodium',
  'energy_kcal',
  'arroz con leche',
  'which foods gave me the most sodium in the last two weeks?',
  'date,meal,food_code,grams\n2025-06-01,lunch,A001,100\n',
  'A001',
  'U1',
  1,
  5,
  10,
  100,
  true,
  false,
  { energy_kcal: 100 },
  { energy_kcal: -5 },
  { sodium: 1e9 },
  ['sodium'],
  [],
  {},
  null,
  undefined,
];

/** Keys an attacker adds to objects: prototype pollution and look-alikes. */
export const nastyKeys: readonly string[] = ['__proto__', 'constructor', 'prototype', 'role', 'owner', 'profile ', 'Profile', '', '\u0000', 'a'.repeat(1000)];

/** Arrays nested `depth` deep, for parsers that recurse. */
export function deepNesting(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { deeper: value };
  return value;
}

/** An object with an own `__proto__` key, as JSON.parse makes it (an object literal would set the prototype instead). */
export function withOwnProtoKey(payload: unknown): Record<string, unknown> {
  const object: Record<string, unknown> = { constructor: { prototype: { polluted: true } } };
  Object.defineProperty(object, '__proto__', { value: payload ?? { polluted: true }, enumerable: true, writable: true, configurable: true });
  return object;
}

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 3, arbitrary: fc.constantFrom(...nastyNumbers) },
  { weight: 3, arbitrary: fc.constantFrom(...plausibleValues) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: false }).map((date) => (Number.isNaN(date.getTime()) ? 'Invalid Date' : date.toISOString().slice(0, 10))) },
);

/** Any value: leaves, arrays, objects with hostile keys, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...nastyKeys), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }) },
    { weight: 1, arbitrary: fc.constantFrom(deepNesting(50), deepNesting(400)) },
    { weight: 1, arbitrary: tie('value').map(withOwnProtoKey) },
  ),
})).value;

/** The field names an operation's input declares (empty when its schema is not an object). */
export function inputKeys(name: OperationName): string[] {
  const input: unknown = operations[name].input;
  return input instanceof z.ZodObject ? Object.keys(input.shape) : [];
}

/**
 * Inputs for one operation: wholly wrong values, and objects built from the operation's own field names where
 * each field is left out, plausible or hostile, sometimes with extra hostile keys — so validation is probed field
 * by field and some inputs get through to the handler.
 */
export function hostileInput(name: OperationName): fc.Arbitrary<unknown> {
  const keys = inputKeys(name);
  const fieldValue = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...plausibleValues) }, { weight: 3, arbitrary: hostileValue });
  const shaped = fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((key) => [key, fieldValue])) as Record<string, fc.Arbitrary<unknown>>, { requiredKeys: [] }),
      fc.option(fc.dictionary(fc.constantFrom(...nastyKeys), hostileValue, { maxKeys: 2 }), { freq: 4 }),
      fc.boolean(),
    )
    .map(([fields, extra, ownProto]) => {
      const input: Record<string, unknown> = { ...fields, ...(extra ?? {}) };
      return ownProto ? { ...input, ...withOwnProtoKey({ role: 'editor', profile: 'alice' }) } : input;
    });
  return fc.oneof({ weight: 1, arbitrary: hostileValue }, { weight: 4, arbitrary: shaped });
}

/** Every (field, nasty value) pair of an operation, for a deterministic sweep alongside the random one. */
export function fieldSweep(name: OperationName): Array<Record<string, unknown>> {
  const values: unknown[] = [...nastyStrings, ...nastyNumbers, null, [], {}, deepNesting(5_000), withOwnProtoKey({ polluted: true })];
  const keys = inputKeys(name);
  return keys.length === 0 ? values.map((value) => ({ unexpected: value })) : keys.flatMap((key) => values.map((value) => ({ [key]: value })));
}
