import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { packageRoot } from '../../paths.js';
import { stopWords, tokenize } from '../../core/text-folding.js';
import type { FoodRow } from './foods-repository.js';

/**
 * A food concept: words for a kind of food that no food's name says ("oily fish", "pescado azul"), defined by
 * published criteria over the catalog's own rows: its food groups, and in them the foods a public body names (by
 * genus, read from IFCT's scientific name: common names mislead, "Indian salmon" is a threadfin) or whose fat per
 * 100 g reaches a threshold. No embedder knows from "Sardine" or "Hilsa" that they are oily fish; these data do.
 */
const conceptSchema = z
  .object({
    id: z.string().regex(/^[a-z-]+$/),
    name: z.object({ en: z.string().min(1), es: z.string().min(1) }).strict(),
    phrases: z.array(z.string().min(2)).min(1),
    food_groups: z.array(z.string().min(1)).min(1),
    exclude_name_words: z.array(z.string().min(1)).default([]),
    /** Genus → what the public list calls it ("Sardinella": "sardine"). */
    named_genera: z.record(z.string().regex(/^[A-Z][a-z]+$/), z.string().min(1)).default({}),
    /** Whose list the genera come from, as the explanations say it ("the UK FSA / Seafish oily-fish list"). */
    named_by: z.string().min(1),
    min_fat_g_per_100g: z.number().positive().nullable().default(null),
    sources: z.array(z.object({ criterion: z.string(), name: z.string().min(1), url: z.string().url() }).strict()).min(1),
  })
  .strict();
const conceptFileSchema = z.object({ about: z.string(), concepts: z.array(conceptSchema) }).strict();

export type FoodConcept = z.output<typeof conceptSchema>;

/** Why a food belongs to a concept: its genus is on the public list, or its fat reaches the bar (or both). */
export interface ConceptMember {
  row: FoodRow;
  namedAs: string | null;
  fat: number | null;
  /** 0: on the list and fat enough; 1: on the list only; 2: fat enough only. */
  tier: 0 | 1 | 2;
  explanation: string;
}

/** The concept a query names, and whether the query is nothing but that concept ("pescado azul", not "pescado azul al horno"). */
export interface ConceptQuery {
  concept: FoodConcept;
  wholeQuery: boolean;
}

/** The shipped concepts (`kb/concepts/food-concepts.json`), checked where they enter. */
export function loadFoodConcepts(path = join(packageRoot(), 'kb', 'concepts', 'food-concepts.json')): FoodConcept[] {
  const parsed = conceptFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`Food concepts ${path}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return parsed.data.concepts;
}

function containsRun(tokens: readonly string[], run: readonly string[]): number {
  for (let start = 0; start + run.length <= tokens.length; start++) {
    if (run.every((token, offset) => tokens[start + offset] === token)) return start;
  }
  return -1;
}

/** The first concept whose phrase the query contains as whole words (case and accents folded), if any. */
export function conceptOfQuery(concepts: readonly FoodConcept[], query: string): ConceptQuery | null {
  const tokens = tokenize(query);
  for (const concept of concepts) {
    for (const phrase of concept.phrases) {
      const run = tokenize(phrase);
      const start = containsRun(tokens, run);
      if (start < 0) continue;
      const rest = [...tokens.slice(0, start), ...tokens.slice(start + run.length)].filter((token) => !stopWords.has(token));
      return { concept, wholeQuery: rest.length === 0 };
    }
  }
  return null;
}

/**
 * The concept's members among `rows` (already those of its food groups that the profile can see), best evidence
 * first: named by the public list and fat enough, then named only, then fat enough only; by fat within each.
 */
export function conceptMembers(concept: FoodConcept, rows: readonly FoodRow[]): ConceptMember[] {
  const genera = new Map(Object.entries(concept.named_genera).map(([genus, name]) => [genus.toLowerCase(), name]));
  const excluded = new Set(concept.exclude_name_words.flatMap((word) => tokenize(word)));
  const members: ConceptMember[] = [];
  for (const row of rows) {
    if (tokenize(row.name).some((token) => excluded.has(token))) continue;
    const genus = row.scientific_name.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
    const namedAs = genera.get(genus) ?? null;
    const fat = typeof row.fat === 'number' ? row.fat : null;
    const fatEnough = concept.min_fat_g_per_100g !== null && fat !== null && fat >= concept.min_fat_g_per_100g;
    if (!namedAs && !fatEnough) continue;
    const bar = concept.min_fat_g_per_100g;
    const reasons = [
      ...(namedAs ? [`${row.scientific_name} (${namedAs}) is on ${concept.named_by}`] : []),
      ...(fat !== null && bar !== null ? [fatEnough ? `fat ${fat} g/100 g, at least ${bar} (${concept.name.es}: over ${bar} % fat)` : `fat ${fat} g/100 g (under the ${bar} g bar)`] : []),
    ];
    const tier = namedAs && fatEnough ? 0 : namedAs ? 1 : 2;
    members.push({ row, namedAs, fat, tier, explanation: `${concept.name.en}: ${reasons.join('; ')}` });
  }
  return members.sort((a, b) => a.tier - b.tier || (b.fat ?? 0) - (a.fat ?? 0) || a.row.id - b.row.id);
}
