import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { packageRoot } from '../../paths.js';
import { foldText } from '../../core/text-folding.js';

/** What a lexicon entry names: one medicine, a class of medicines, or a condition, symptom or syndrome. */
export type ClinicalKind = 'drug' | 'class' | 'condition';

/** One name of a medicine, class or condition found in a text; offsets index the original text. */
export interface ClinicalMention {
  /** The words as written, e.g. "Coumadin" or "estatinas". */
  surface: string;
  /** The entry's canonical English name, e.g. "warfarin" or "statin". */
  canonical: string;
  kind: ClinicalKind;
  start: number;
  end: number;
}

/** The shipped list of medicine and condition names, and a matcher over it. */
export interface ClinicalLexicon {
  /** Every mention, left to right; the longest name wins and mentions never overlap. */
  find(text: string): ClinicalMention[];
  /** The text with each brand, Spanish or everyday name followed by its canonical name in parentheses. */
  expand(text: string): { text: string; mentions: ClinicalMention[] };
  /** The member drugs of a class (empty for anything else). */
  membersOf(canonical: string): readonly string[];
  /** The classes a drug belongs to (empty for anything else). */
  classesOf(canonical: string): readonly string[];
  /** The other names of an entry as listed: brands and other spellings, and Spanish names (undefined: unknown). */
  namesOf(canonical: string): { kind: ClinicalKind; aliases: readonly string[]; es: readonly string[] } | undefined;
  /**
   * Whether a condition is something a medicine may be asked to have caused: a symptom, a sign, an abnormal finding
   * or an adverse reaction ("cough", "hyperkalemia", "weight gain"), as opposed to a diagnosis a patient lives with
   * or is treated for ("diabetes", "psoriasis"), which says who the patient is.
   */
  isEffect(canonical: string): boolean;
  /**
   * An effect with the broader effects it is a kind of and the narrower ones that are kinds of it, at any depth
   * ("melena" → melena, gastrointestinal bleeding, bleeding; "bleeding" → bleeding, melena, hematuria…): a card naming
   * any of them speaks of the effect. Just the name for anything else.
   */
  relatedEffects(canonical: string): readonly string[];
}

/** Thrown when a lexicon file is missing or holds bad data; the message names the file and the entry. */
export class ClinicalLexiconError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClinicalLexiconError';
  }
}

/** Where the lexicon files live, relative to the package root. */
export const lexiconDirectory = join('kb', 'lexicon');

// ---------------------------------------------------------------------------------------------------------------
// Files and their validation

const termSchema = z.string().superRefine((term, context) => {
  if (term.trim().length === 0) context.addIssue({ code: 'custom', message: 'must not be empty' });
  else if (term !== term.trim()) context.addIssue({ code: 'custom', message: 'must not start or end with spaces' });
  else if (!/[\p{L}\p{N}]/u.test(term)) context.addIssue({ code: 'custom', message: 'must contain a letter or a digit' });
});

const nameSchema = termSchema.refine((name) => name === name.toLowerCase(), 'must be lower case');

const medicineSchema = z
  .strictObject({
    name: nameSchema,
    kind: z.enum(['drug', 'class']),
    aliases: z.array(termSchema).default([]),
    es: z.array(termSchema).default([]),
    members: z.array(nameSchema).optional(),
    /**
     * Brand names among `aliases` and `es` that are also everyday words ("Cambia", "Actos", "Alli": Spanish for
     * "changes", "acts", "there"): they name the medicine only when written with a capital.
     */
    everyday: z.array(termSchema).optional(),
  })
  .superRefine((entry, context) => {
    if (entry.kind === 'class' && (entry.members ?? []).length === 0) {
      context.addIssue({ code: 'custom', path: ['members'], message: 'a class must list its member drugs' });
    }
    for (const term of entry.everyday ?? []) {
      if (![...entry.aliases, ...entry.es].includes(term)) context.addIssue({ code: 'custom', path: ['everyday'], message: `"${term}" is not one of its aliases` });
    }
    if (entry.kind === 'drug' && entry.members !== undefined) {
      context.addIssue({ code: 'custom', path: ['members'], message: 'only a class has members' });
    }
  });

const conditionSchema = z.strictObject({
  name: nameSchema,
  aliases: z.array(termSchema).default([]),
  es: z.array(termSchema).default([]),
  /** A symptom, sign, abnormal finding or adverse reaction (see ClinicalLexicon.isEffect); omitted otherwise. */
  effect: z.literal(true).optional(),
  /** Broader effects this effect is a kind of ("melena" within "gastrointestinal bleeding"); effects only. */
  within: z.array(nameSchema).default([]),
});

interface Entry {
  name: string;
  kind: ClinicalKind;
  aliases: string[];
  es: string[];
  members: string[];
  effect: boolean;
  /** Broader effects this one is a kind of (conditions only). */
  within: string[];
  /** Names that are also everyday words: matched only when written with a capital. */
  everyday: ReadonlySet<string>;
  file: string;
  /** 0-based place in its file. */
  position: number;
}

/** "…/medicines.json, entry 12 ("warfarin")": where a problem message points. */
function originOf(entry: Pick<Entry, 'file' | 'position'> & { name?: unknown }): string {
  return `${entry.file}, entry ${entry.position + 1}${typeof entry.name === 'string' ? ` ("${entry.name}")` : ''}`;
}

function readJsonArray(path: string): unknown[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ClinicalLexiconError(`Clinical lexicon ${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ClinicalLexiconError(`Clinical lexicon ${path}: is not valid JSON (${(error as Error).message}).`);
  }
  if (!Array.isArray(value)) throw new ClinicalLexiconError(`Clinical lexicon ${path}: must hold a JSON array of entries.`);
  return value;
}

function parseEntry<Schema extends z.ZodType>(schema: Schema, value: unknown, file: string, position: number): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const name = typeof value === 'object' && value !== null ? (value as { name?: unknown }).name : undefined;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'entry'}: ${issue.message}`);
  throw new ClinicalLexiconError(`Clinical lexicon ${originOf({ file, position, name })}: ${problems.join('; ')}.`);
}

function readMedicines(file: string): Entry[] {
  return readJsonArray(file).map((value, position) => {
    const entry = parseEntry(medicineSchema, value, file, position);
    return { ...entry, members: entry.members ?? [], effect: false, within: [], everyday: new Set(entry.everyday ?? []), file, position };
  });
}

function readConditions(file: string): Entry[] {
  return readJsonArray(file).map((value, position) => {
    const entry = parseEntry(conditionSchema, value, file, position);
    return { ...entry, kind: 'condition', members: [], effect: entry.effect ?? false, everyday: new Set<string>(), file, position };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Words with their place in the original text

interface Token {
  /** Folded: lower case, accents removed. */
  text: string;
  start: number;
  end: number;
}

const wordCharacter = /[\p{L}\p{N}]/u;
const apostrophes = new Set(["'", '’', 'ʼ']);

function foldCharacter(character: string): string {
  // ASCII is most of every question; skip the Unicode normalisation for it.
  return character.charCodeAt(0) < 128 ? character.toLowerCase() : foldText(character);
}

/** Folded words with their offsets in the original text; a possessive "'s" is not a word. */
function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  let current: Token | undefined;
  let index = 0;
  for (const character of text) {
    const next = index + character.length;
    const folded = foldCharacter(character);
    if (folded.length === 0) {
      // A combining accent written separately belongs to the letter before it.
      if (current) current.end = next;
    } else if (wordCharacter.test(folded)) {
      if (current) {
        current.text += folded;
        current.end = next;
      } else {
        current = { text: folded, start: index, end: next };
      }
    } else if (current) {
      tokens.push(current);
      current = undefined;
    }
    index = next;
  }
  if (current) tokens.push(current);
  return tokens.filter((token, position) => !isPossessive(text, token, tokens[position - 1]));
}

function isPossessive(text: string, token: Token, previous: Token | undefined): boolean {
  return token.text === 's' && previous !== undefined && previous.end + 1 === token.start && apostrophes.has(text[previous.end] ?? '');
}

const plainWords = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

/** The folded words of a lexicon term, split exactly as tokensOf splits a text, without offsets (faster to build). */
function wordsOf(term: string): string[] {
  // Most terms are plain lower-case ASCII words: skip the Unicode work for them.
  const lower = term.toLowerCase();
  if (plainWords.test(lower)) return lower.split(' ');
  return foldText(term)
    .replace(/(?<=[\p{L}\p{N}])['’ʼ]s(?![\p{L}\p{N}])/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Spanish spellings of English international non-proprietary names

// One pass over the word: "mph"/"mf" → "nf", "ph" → "f", "th" → "t", "ch" → "c", "y" → "i", "oe" → "e", doubled
// consonants single ("amoxicillin" → "amoxicilin"), then "s" + consonant at the start takes an "e" ("estatina").
const orthographyPattern = /mph|mf|ph|th|ch|y|oe|ll|ss|tt|mm|ff|pp|nn/g;
const orthographyReplacements: Readonly<Record<string, string>> = {
  mph: 'nf', mf: 'nf', ph: 'f', th: 't', ch: 'c', y: 'i', oe: 'e', ll: 'l', ss: 's', tt: 't', mm: 'm', ff: 'f', pp: 'p', nn: 'n',
};

// Longest suffix first: "-oxacin" must not be read as "-in".
const endingRules: ReadonlyArray<[string, string]> = [
  ['oxacin', 'oxacino'],
  ['platin', 'platino'],
  ['dipine', 'dipino'],
  ['ium', 'io'],
  ['oid', 'oide'],
  ['ant', 'ante'],
  ['ine', 'ina'],
  ['ole', 'ol'],
  ['ide', 'ida'],
  ['ate', 'ato'],
  ['one', 'ona'],
  ['ose', 'osa'],
  ['ime', 'ima'],
  ['ane', 'ano'],
  ['ene', 'eno'],
  ['ase', 'asa'],
  ['ibe', 'iba'],
  ['ic', 'ico'],
  ['in', 'ina'],
  ['en', 'eno'],
  ['ac', 'aco'],
  ['il', 'ilo'],
  ['im', 'ima'],
];

function withSpanishOrthography(word: string): string {
  const spelling = word.replace(orthographyPattern, (letters) => orthographyReplacements[letters] ?? letters);
  return /^s[bcdfgklmnpqtvwz]/.test(spelling) ? `e${spelling}` : spelling;
}

function withSpanishEnding(word: string): string {
  for (const [english, spanish] of endingRules) {
    if (word.endsWith(english)) return word.slice(0, word.length - english.length) + spanish;
  }
  return word;
}

/** Three spellings of one folded word: Spanish orthography and ending, orthography only, ending only. */
function spanishSpellings(word: string): [string, string, string] {
  // Short words ("b", "g", "iv") are letters and abbreviations, not INN stems.
  if (word.length < 4 || /\d/.test(word)) return [word, word, word];
  const orthographic = withSpanishOrthography(word);
  return [withSpanishEnding(orthographic), orthographic, withSpanishEnding(word)];
}

/** The Spanish INN spellings the usual rules give for a folded English word ("amiodarone" → "amiodarona"). */
export function spanishVariants(word: string): string[] {
  return [...new Set(spanishSpellings(word))].filter((spelling) => spelling !== word);
}

function spanishVariantsOfWords(words: readonly string[]): string[][] {
  const spellings = words.map(spanishSpellings);
  const variants = [0, 1, 2].map((choice) => spellings.map((options) => options[choice] as string));
  const original = words.join(' ');
  const seen = new Set<string>([original]);
  return variants.filter((variant) => {
    const key = variant.join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The index: a hash of every name's folded words (n-grams), with their prefixes for multi-word names

interface Target {
  canonical: string;
  kind: ClinicalKind;
  /** The key is the canonical name itself, so expand() adds nothing. */
  isCanonicalName: boolean;
  /** Written wholly in capitals in the lexicon ("AIDS", "TIA"): matches only text in capitals. */
  capitalsOnly: boolean;
  /** A brand that is also an everyday word ("Cambia"): matches only text that starts with a capital. */
  capitalInitial: boolean;
}

/** Every name as its folded words joined by spaces, and every proper prefix of a multi-word name. */
interface NameIndex {
  targets: Map<string, Target>;
  prefixes: Set<string>;
}

interface Source {
  target: Target;
  entry: Entry;
  term: string;
}

function termKeys(term: string): string[][] {
  const keys = [wordsOf(term)];
  // "co-trimoxazole" is also written "cotrimoxazole", "beta-blocker" "betablocker".
  if (/[\p{L}\p{N}]-[\p{L}\p{N}]/u.test(term)) keys.push(wordsOf(term.replace(/-/g, '')));
  return keys;
}

function isWrittenInCapitals(term: string): boolean {
  return term === term.toUpperCase() && term !== term.toLowerCase();
}

function isBrandLike(term: string): boolean {
  const first = term.charAt(0);
  return first !== first.toLowerCase();
}

class IndexBuilder {
  readonly index: NameIndex = { targets: new Map(), prefixes: new Set() };
  private readonly keysByTerm = new Map<string, string[][]>();
  private readonly explicit = new Map<string, Source>();
  private readonly generated = new Map<string, Target | null>();

  addTerm(entry: Entry, term: string, isCanonicalName: boolean): void {
    const target: Target = { canonical: entry.name, kind: entry.kind, isCanonicalName, capitalsOnly: isWrittenInCapitals(term), capitalInitial: entry.everyday.has(term) };
    for (const words of this.keysOf(term)) {
      const key = words.join(' ');
      const existing = this.explicit.get(key);
      if (existing && existing.target.canonical !== entry.name) {
        throw new ClinicalLexiconError(
          `Clinical lexicon ${originOf(entry)}: "${term}" is already a name of "${existing.target.canonical}" (${originOf(existing.entry)}, "${existing.term}"); a name may point to one entry only.`,
        );
      }
      const merged = existing ? mergeTargets(existing.target, target) : target;
      this.explicit.set(key, { target: merged, entry, term });
      this.insert(key, merged);
    }
  }

  addSpanishVariants(entry: Entry, term: string): void {
    for (const words of this.keysOf(term)) {
      for (const variant of spanishVariantsOfWords(words)) {
        const key = variant.join(' ');
        if (this.explicit.has(key)) continue;
        const existing = this.generated.get(key);
        // Two entries giving the same spelling: neither gets it, since a guess must not pick a side.
        if (existing === undefined) this.generated.set(key, spanishTarget(entry));
        else if (existing !== null && existing.canonical !== entry.name) this.generated.set(key, null);
      }
    }
  }

  /** Adds the generated spellings that stayed unambiguous. */
  finishSpanishVariants(): void {
    for (const [key, target] of this.generated) {
      if (target !== null) this.insert(key, target);
    }
  }

  private keysOf(term: string): string[][] {
    let keys = this.keysByTerm.get(term);
    if (!keys) {
      keys = termKeys(term);
      this.keysByTerm.set(term, keys);
    }
    return keys;
  }

  private insert(key: string, target: Target): void {
    for (let space = key.indexOf(' '); space !== -1; space = key.indexOf(' ', space + 1)) this.index.prefixes.add(key.slice(0, space));
    this.index.targets.set(key, target);
  }
}

function spanishTarget(entry: Entry): Target {
  return { canonical: entry.name, kind: entry.kind, isCanonicalName: false, capitalsOnly: false, capitalInitial: false };
}

function mergeTargets(first: Target, second: Target): Target {
  return {
    ...first,
    isCanonicalName: first.isCanonicalName || second.isCanonicalName,
    capitalsOnly: first.capitalsOnly && second.capitalsOnly,
    capitalInitial: first.capitalInitial && second.capitalInitial,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Matching

interface Match {
  endToken: number;
  target: Target;
  plural: boolean;
}

/** Singular forms of a plural word: "statins" → "statin", "inhibidores" → "inhibidor", "allergies" → "allergy". */
function singularsOf(word: string): string[] {
  const singulars: string[] = [];
  if (word.length >= 5 && word.endsWith('ies')) singulars.push(`${word.slice(0, -3)}y`);
  if (word.length >= 5 && word.endsWith('es')) singulars.push(word.slice(0, -2));
  if (word.length >= 3 && word.endsWith('s') && !word.endsWith('ss')) singulars.push(word.slice(0, -1));
  return singulars;
}

function isAcceptable(match: Match, text: string, tokens: readonly Token[], startToken: number): boolean {
  // Only classes and conditions are counted things; "aspirins" is not a way to write a drug.
  if (match.plural && match.target.kind === 'drug') return false;
  const first = tokens[startToken] as Token;
  if (match.target.capitalInitial && !readsAsBrand(text, first)) return false;
  if (!match.target.capitalsOnly) return true;
  const last = tokens[match.endToken - 1] as Token;
  const surface = text.slice(first.start, last.end);
  // "TIAs": the plural ending is the only lower-case letter allowed.
  return !/\p{Ll}/u.test(match.plural ? surface.replace(/(?:ies|es|s)$/, '') : surface);
}

/**
 * Whether a brand that is also an everyday word is written as the brand: with its capital and without an accent the
 * brand lacks ("Allí" is "there"), and, at the start of a sentence where every word has a capital, followed by a
 * strength ("Cambia 50 mg"; "¿Cambia algo si…?" is the verb).
 */
function readsAsBrand(text: string, token: Token): boolean {
  const written = text.slice(token.start, token.end);
  if (!/^\p{Lu}/u.test(written) || foldText(written) !== written.toLowerCase()) return false;
  const sentenceStart = /(^|[.!?¿¡:;]\s*)$/u.test(text.slice(0, token.start));
  return !sentenceStart || /^\s*\d/u.test(text.slice(token.end));
}

/**
 * Words that only say how much, which a speaker puts inside a phrase the lexicon holds without them ("se me cae
 * muchísimo el pelo", "my hair is really falling out"): skipped inside a name, never at its start or end. Folded.
 */
const intensifiers = new Set([
  ...['muy', 'mucho', 'mucha', 'muchisimo', 'muchisima', 'bastante', 'demasiado', 'demasiada', 'tanto', 'tanta', 'tan', 'super', 're', 'requete', 'fatal'],
  ...['very', 'so', 'really', 'badly', 'quite', 'extremely', 'totally', 'constantly', 'always', 'just'],
]);

/** At most this many intensifiers in a row inside one name ("muy muy", "really really"). */
const intensifiersInARow = 2;

function longestMatchAt(index: NameIndex, text: string, tokens: readonly Token[], startToken: number): Match | undefined {
  let best: Match | undefined;
  const pending: Array<{ prefix: string | undefined; next: number; plural: boolean; skipped?: number }> = [{ prefix: undefined, next: startToken, plural: false }];
  while (pending.length > 0) {
    const { prefix, next, plural, skipped = 0 } = pending.pop() as { prefix: string | undefined; next: number; plural: boolean; skipped?: number };
    const token = tokens[next];
    if (!token || (next > startToken && breaksPhrase(text, tokens[next - 1] as Token, token))) continue;
    // The name goes on after the intensifier; a match never ends on one, since it is never a target's last word.
    if (prefix !== undefined && skipped < intensifiersInARow && intensifiers.has(token.text)) pending.push({ prefix, next: next + 1, plural, skipped: skipped + 1 });
    const steps = [{ word: token.text, plural }, ...singularsOf(token.text).map((word) => ({ word, plural: true }))];
    for (const step of steps) {
      const key = prefix === undefined ? step.word : `${prefix} ${step.word}`;
      const target = index.targets.get(key);
      if (target) {
        const candidate: Match = { endToken: next + 1, target, plural: step.plural };
        if (isAcceptable(candidate, text, tokens, startToken) && isBetter(candidate, best)) best = candidate;
      }
      if (index.prefixes.has(key)) pending.push({ prefix: key, next: next + 1, plural: step.plural });
    }
  }
  return best;
}

/**
 * A name never runs across a sentence or clause break ("it was low. Blood pressure…" is not "low blood pressure"),
 * but may across the full stop of a short abbreviation ("St. John's wort", "H. pylori").
 */
function breaksPhrase(text: string, previous: Token, token: Token): boolean {
  const gap = text.slice(previous.end, token.start);
  if (/[!?;:\n]/.test(gap)) return true;
  return gap.includes('.') && previous.end - previous.start > 2;
}

function isBetter(candidate: Match, best: Match | undefined): boolean {
  if (!best) return true;
  if (candidate.endToken !== best.endToken) return candidate.endToken > best.endToken;
  return best.plural && !candidate.plural;
}

function matchesIn(index: NameIndex, text: string): Array<{ mention: ClinicalMention; target: Target }> {
  const tokens = tokensOf(text);
  const matches: Array<{ mention: ClinicalMention; target: Target }> = [];
  let position = 0;
  while (position < tokens.length) {
    const match = longestMatchAt(index, text, tokens, position);
    if (!match) {
      position += 1;
      continue;
    }
    const start = (tokens[position] as Token).start;
    const end = (tokens[match.endToken - 1] as Token).end;
    const { canonical, kind } = match.target;
    matches.push({ mention: { surface: text.slice(start, end), canonical, kind, start, end }, target: match.target });
    position = match.endToken;
  }
  return matches;
}

function isAlreadyGlossed(text: string, end: number, canonical: string): boolean {
  const following = foldText(text.slice(end, end + canonical.length + 8)).trimStart();
  return following.startsWith(`(${foldText(canonical)})`);
}

// ---------------------------------------------------------------------------------------------------------------
// Loading

function checkMembers(entries: readonly Entry[]): Map<string, string[]> {
  const kinds = new Map(entries.map((entry) => [entry.name, entry.kind]));
  const classesByDrug = new Map<string, string[]>();
  for (const entry of entries) {
    for (const member of entry.members) {
      if (kinds.get(member) !== 'drug') {
        throw new ClinicalLexiconError(`Clinical lexicon ${originOf(entry)}: member "${member}" is not a drug entry of the lexicon.`);
      }
      classesByDrug.set(member, [...(classesByDrug.get(member) ?? []), entry.name]);
    }
  }
  return classesByDrug;
}

/** Every "within" names another effect, and an entry with one is an effect itself; returns each effect's relatives. */
function checkWithin(entries: readonly Entry[]): Map<string, readonly string[]> {
  const effects = new Set(entries.filter((entry) => entry.effect).map((entry) => entry.name));
  const broader = new Map<string, string[]>();
  const narrower = new Map<string, string[]>();
  for (const entry of entries) {
    if (entry.within.length > 0 && !entry.effect) throw new ClinicalLexiconError(`Clinical lexicon ${originOf(entry)}: "within" is for effects, and this entry is not one.`);
    for (const name of entry.within) {
      if (!effects.has(name) || name === entry.name) throw new ClinicalLexiconError(`Clinical lexicon ${originOf(entry)}: within "${name}" is not another effect of the lexicon.`);
      broader.set(entry.name, [...(broader.get(entry.name) ?? []), name]);
      narrower.set(name, [...(narrower.get(name) ?? []), entry.name]);
    }
  }
  const reach = (start: string, edges: ReadonlyMap<string, readonly string[]>): string[] => {
    const seen = new Set([start]);
    const queue = [start];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      for (const name of edges.get(next) ?? []) {
        if (seen.has(name)) continue;
        seen.add(name);
        queue.push(name);
      }
    }
    return [...seen];
  };
  return new Map([...effects].map((name) => [name, Object.freeze([...new Set([...reach(name, broader), ...reach(name, narrower)])])]));
}

function checkUniqueNames(entries: readonly Entry[]): void {
  const seen = new Map<string, Entry>();
  for (const entry of entries) {
    const earlier = seen.get(entry.name);
    if (earlier) throw new ClinicalLexiconError(`Clinical lexicon ${originOf(entry)}: the name "${entry.name}" is already used by ${originOf(earlier)}.`);
    seen.set(entry.name, entry);
  }
}

/**
 * Reads and checks kb/lexicon/medicines.json and conditions.json under `root` (the package root by default) and
 * builds the matcher. Build it once and pass it in: loading takes tens of milliseconds, matching microseconds.
 */
export function loadClinicalLexicon(root: string = packageRoot()): ClinicalLexicon {
  const directory = join(root, lexiconDirectory);
  const entries = [
    ...readMedicines(join(directory, 'medicines.json')),
    ...readConditions(join(directory, 'conditions.json')),
  ];
  checkUniqueNames(entries);
  const classesByDrug = checkMembers(entries);
  const relatives = checkWithin(entries);

  const builder = new IndexBuilder();
  for (const entry of entries) {
    builder.addTerm(entry, entry.name, true);
    for (const term of entry.aliases) builder.addTerm(entry, term, false);
    for (const term of entry.es) builder.addTerm(entry, term, false);
  }
  // Generated spellings come last so that every explicit name wins over a guess.
  for (const entry of entries) {
    if (entry.kind === 'condition') continue;
    builder.addSpanishVariants(entry, entry.name);
    for (const term of entry.aliases) if (!isBrandLike(term)) builder.addSpanishVariants(entry, term);
  }
  builder.finishSpanishVariants();

  const index = builder.index;
  const members = new Map(entries.filter((entry) => entry.kind === 'class').map((entry) => [entry.name, Object.freeze([...entry.members])]));
  const classes = new Map([...classesByDrug].map(([drug, names]) => [drug, Object.freeze(names)]));
  const none: readonly string[] = Object.freeze([]);
  const names = new Map(entries.map((entry) => [entry.name, { kind: entry.kind, aliases: Object.freeze([...entry.aliases]), es: Object.freeze([...entry.es]) }]));
  const effects = new Set(entries.filter((entry) => entry.effect).map((entry) => entry.name));

  return {
    find: (text) => matchesIn(index, text).map((match) => match.mention),
    expand(text) {
      const matches = matchesIn(index, text);
      let expanded = '';
      let cursor = 0;
      for (const { mention, target } of matches) {
        expanded += text.slice(cursor, mention.end);
        cursor = mention.end;
        if (!target.isCanonicalName && !isAlreadyGlossed(text, mention.end, mention.canonical)) expanded += ` (${mention.canonical})`;
      }
      return { text: expanded + text.slice(cursor), mentions: matches.map((match) => match.mention) };
    },
    membersOf: (canonical) => members.get(canonical.trim().toLowerCase()) ?? none,
    classesOf: (canonical) => classes.get(canonical.trim().toLowerCase()) ?? none,
    namesOf: (canonical) => names.get(canonical.trim().toLowerCase()),
    isEffect: (canonical) => effects.has(canonical.trim().toLowerCase()),
    relatedEffects: (canonical) => relatives.get(canonical.trim().toLowerCase()) ?? [canonical],
  };
}
