/**
 * The applicability condition of a tribal note (kb/catalog/README.md, "Condition language"): parsed and checked
 * once where data enters, then evaluated purely against a query. A malformed condition is an error, never true.
 */

export type QueryLanguage = 'es' | 'en';

/** A validated condition, with its terms already folded and split into tokens. */
export type Condition =
  | { kind: 'always' }
  | { kind: 'any'; terms: string[][] }
  | { kind: 'all'; terms: string[][] }
  | { kind: 'lang'; language: QueryLanguage }
  | { kind: 'and'; conditions: Condition[] }
  | { kind: 'or'; conditions: Condition[] }
  | { kind: 'not'; condition: Condition };

/** What a condition is evaluated against: the query's folded tokens and its detected language. */
export interface QueryContext {
  tokens: string[];
  language: QueryLanguage;
}

export type ParsedCondition = { ok: true; condition: Condition } | { ok: false; errors: string[] };

/** Deeper nesting than this is refused with a message instead of overflowing the stack. */
export const maximumConditionDepth = 100;

const forms = ['always', 'any', 'all', 'lang', 'and', 'or', 'not'] as const;

/** README rule 1: lower-case, Unicode NFD, drop the combining marks ("Días" → "dias", "campaña" → "campana"). */
export function foldForConditions(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
}

/** README rule 2: the maximal runs of [a-z0-9] of the folded text ("write-off" → write, off). */
export function conditionTokens(text: string): string[] {
  return foldForConditions(text)
    .split(/[^a-z0-9]+/)
    .filter((token) => token.length > 0);
}

// README: "a simple stop-word count is enough"; these are its example lists plus a few equally unambiguous words.
const spanishMarkers: ReadonlySet<string> = new Set(['de', 'la', 'el', 'los', 'las', 'que', 'en', 'por', 'del', 'con', 'para', 'una', 'al', 'y']);
const englishMarkers: ReadonlySet<string> = new Set(['the', 'of', 'for', 'by', 'what', 'where', 'which', 'is', 'are', 'in', 'and', 'to', 'with', 'how']);

/** Stop-word count; a tie (including no stop words at all) is Spanish, because the catalog is Spanish. */
export function detectLanguage(tokens: readonly string[]): QueryLanguage {
  let spanish = 0;
  let english = 0;
  for (const token of tokens) {
    if (spanishMarkers.has(token)) spanish += 1;
    if (englishMarkers.has(token)) english += 1;
  }
  return english > spanish ? 'en' : 'es';
}

/** The context every note of one search is evaluated against. */
export function queryContext(query: string): QueryContext {
  const tokens = conditionTokens(query);
  return { tokens, language: detectLanguage(tokens) };
}

/** README rule 3: the term's tokens appear as a contiguous run of whole query tokens. */
export function termOccurs(term: readonly string[], tokens: readonly string[]): boolean {
  if (term.length === 0 || term.length > tokens.length) return false;
  for (let start = 0; start + term.length <= tokens.length; start += 1) {
    if (term.every((token, offset) => tokens[start + offset] === token)) return true;
  }
  return false;
}

/** Whether the condition holds for the query. Pure. */
export function evaluateCondition(condition: Condition, context: QueryContext): boolean {
  switch (condition.kind) {
    case 'always':
      return true;
    case 'any':
      return condition.terms.some((term) => termOccurs(term, context.tokens));
    case 'all':
      return condition.terms.every((term) => termOccurs(term, context.tokens));
    case 'lang':
      return context.language === condition.language;
    case 'and':
      return condition.conditions.every((inner) => evaluateCondition(inner, context));
    case 'or':
      return condition.conditions.some((inner) => evaluateCondition(inner, context));
    case 'not':
      return !evaluateCondition(condition.condition, context);
  }
}

/** Why a condition holds for a query (the query's terms it matched), or the terms that would make it hold. */
export interface ConditionExplanation {
  holds: boolean;
  /** True when it holds for every query ({"always": true}). */
  always: boolean;
  /** The condition's terms the query mentions, as folded text ("morosidad", "write off"); only when it holds. */
  matched: string[];
  /** Every term the condition looks for outside a "not" (what a question would mention for it to apply). */
  terms: string[];
  /** The query language it requires, if any. */
  language: QueryLanguage | null;
}

/** Explains `evaluateCondition` (same result, with its reasons), for showing a note's applicability. Pure. */
export function explainCondition(condition: Condition, context: QueryContext): ConditionExplanation {
  const text = (term: readonly string[]) => term.join(' ');
  const unique = (items: readonly string[]) => [...new Set(items)];
  switch (condition.kind) {
    case 'always':
      return { holds: true, always: true, matched: [], terms: [], language: null };
    case 'any':
    case 'all': {
      const found = condition.terms.filter((term) => termOccurs(term, context.tokens)).map(text);
      const holds = condition.kind === 'any' ? found.length > 0 : found.length === condition.terms.length;
      return { holds, always: false, matched: holds ? found : [], terms: condition.terms.map(text), language: null };
    }
    case 'lang':
      return { holds: context.language === condition.language, always: false, matched: [], terms: [], language: condition.language };
    case 'and':
    case 'or': {
      const inner = condition.conditions.map((item) => explainCondition(item, context));
      const holds = condition.kind === 'and' ? inner.every((item) => item.holds) : inner.some((item) => item.holds);
      return {
        holds,
        always: holds && inner.every((item) => item.always),
        matched: holds ? unique(inner.filter((item) => item.holds).flatMap((item) => item.matched)) : [],
        terms: unique(inner.flatMap((item) => item.terms)),
        language: inner.find((item) => item.language !== null)?.language ?? null,
      };
    }
    case 'not':
      return { holds: !evaluateCondition(condition.condition, context), always: false, matched: [], terms: [], language: null };
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing (the key is missing)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/**
 * Checks a condition as it came from a file or the database; `path` (e.g. `fields[3].tribal_notes[0].condition`)
 * prefixes every error. Every problem is reported, not only the first.
 */
export function parseCondition(value: unknown, path = 'condition'): ParsedCondition {
  const errors: string[] = [];
  const condition = parseAt(value, path, 0, errors);
  return condition && errors.length === 0 ? { ok: true, condition } : { ok: false, errors };
}

function parseAt(value: unknown, path: string, depth: number, errors: string[]): Condition | undefined {
  if (depth > maximumConditionDepth) {
    errors.push(`${path}: conditions nest deeper than ${maximumConditionDepth} levels`);
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.push(`${path}: a condition must be an object with one key (${forms.join(', ')}), not ${describe(value)}`);
    return undefined;
  }
  const keys = Object.keys(value);
  if (keys.length !== 1) {
    errors.push(`${path}: a condition has exactly one key, this one has ${keys.length === 0 ? 'none' : `${keys.length} (${keys.join(', ')})`}`);
    return undefined;
  }
  const key = keys[0] as string;
  const inner: unknown = (value as Record<string, unknown>)[key];
  const at = `${path}.${key}`;
  switch (key) {
    case 'always':
      if (inner !== true) {
        errors.push(`${at}: the only allowed value is true, not ${describe(inner)}`);
        return undefined;
      }
      return { kind: 'always' };
    case 'any':
    case 'all': {
      const terms = parseTerms(inner, at, errors);
      return terms ? { kind: key, terms } : undefined;
    }
    case 'lang':
      if (inner !== 'es' && inner !== 'en') {
        errors.push(`${at}: the language is "es" or "en", not ${describe(inner)}`);
        return undefined;
      }
      return { kind: 'lang', language: inner };
    case 'and':
    case 'or': {
      if (!Array.isArray(inner) || inner.length === 0) {
        errors.push(`${at}: expected a non-empty list of conditions, not ${Array.isArray(inner) ? 'an empty list' : describe(inner)}`);
        return undefined;
      }
      const conditions = inner.map((item, index) => parseAt(item, `${at}[${index}]`, depth + 1, errors));
      return conditions.every((condition) => condition !== undefined) ? { kind: key, conditions } : undefined;
    }
    case 'not': {
      const condition = parseAt(inner, at, depth + 1, errors);
      return condition ? { kind: 'not', condition } : undefined;
    }
    default:
      errors.push(`${path}: unknown condition "${key}" (expected one of ${forms.join(', ')})`);
      return undefined;
  }
}

function parseTerms(value: unknown, path: string, errors: string[]): string[][] | undefined {
  if (!Array.isArray(value) || value.length === 0) {
    errors.push(`${path}: expected a non-empty list of terms, not ${Array.isArray(value) ? 'an empty list' : describe(value)}`);
    return undefined;
  }
  const before = errors.length;
  const terms = value.map((term, index) => {
    if (typeof term !== 'string') {
      errors.push(`${path}[${index}]: a term is a string, not ${describe(term)}`);
      return [];
    }
    const tokens = conditionTokens(term);
    // A term without letters or digits would be an empty phrase; refusing it keeps "never true by accident".
    if (tokens.length === 0) errors.push(`${path}[${index}]: the term ${JSON.stringify(term)} has no letters or digits`);
    return tokens;
  });
  return errors.length === before ? terms : undefined;
}
