import type { z } from 'zod';
import type { ImportChoice, ImportPreview, ImportPreviewRow, ImportRowStatus, SearchInput, SearchOutput } from '../../../shared/contract.js';
import type { appImportOperations } from '../../../shared/contract/app-import.js';
import { diaryDateBounds, maxEntryGrams } from '../../../shared/contract/diary.js';
import { findPortion, massGrams, parseAmountText, portionGrams, portionMillilitres, volumeMillilitres } from '../../../shared/portions.js';
import { AppError } from '../../core/errors.js';
import type { FoodsStore } from '../foods/foods-store.js';
import type { PortionRow } from '../foods/portions-repository.js';
import { readExportRows, type ExportRow } from './app-export-rows.js';
import { createEntriesDigest } from './diary-import.js';
import type { NewEntry } from './diary-repository.js';
import type { DiaryStore } from './diary-store.js';
import { unsaidAnimal } from './unsaid-animal.js';

type Input<N extends keyof typeof appImportOperations> = z.output<(typeof appImportOperations)[N]['input']>;

/** Foods the search proposes per row: the first is the match, the others are offered instead. */
const candidatesPerRow = 3;
/** Most different food names one import searches for (each is one catalog search). */
export const maxDistinctFoods = 2_000;
/** Problems listed in a refusal (the rest are counted). */
const maxListedProblems = 50;

/** The catalog search the import matches names with (the foods corpus's own search, keyword and embeddings). */
export type SearchFoods = (input: SearchInput) => Promise<SearchOutput>;

/** Import of other apps' diaries: preview (match every row, write nothing) and confirm (all rows or none). */
export interface AppImportService {
  preview(input: Input<'diary.import.preview'>): Promise<ImportPreview>;
  confirm(input: Input<'diary.import.confirm'>): Promise<{ format: ImportPreview['format']; added: number; excluded: number; date_from: string | null; date_to: string | null }>;
}

/**
 * What the search is asked for a food name: MyFitnessPal's "Brand - Food" loses its brand (the catalog's foods are
 * unbranded, and every keyword must match), and bracketed notes and percentages ("3.25% milkfat") go.
 */
export function searchTextOf(name: string): string {
  const dash = name.indexOf(' - ');
  const food = dash > 0 && dash < name.length - 3 ? name.slice(dash + 3) : name;
  const cleaned = food
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/\d+(?:[.,]\d+)?\s*%/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,]+|[\s,]+$/g, '');
  return (cleaned === '' ? name : cleaned).slice(0, 200);
}

/** Why a weak match needs the user: the food is another animal's than the name says, or the names only look alike. */
function weakProblem(name: string, food: string): string {
  const animal = unsaidAnimal(name, food);
  return animal === null
    ? `"${name}" only resembles ${food}; confirm it or choose another food`
    : `"${name}" does not say ${animal}, but ${food} is from a ${animal}; confirm it or choose another food`;
}

type Grams = { grams: number; portion: { row: PortionRow; quantity: number } | null } | { problem: string };

/**
 * The grams of an amount as the app wrote it, for a food: a weight ("150 g", "1 oz"), one of the food's household
 * units ("2.00 large" → 2 × large egg), a weight in brackets ("1 container (150g)"), or a volume through a unit
 * that says its millilitres ("8 fl oz" of milk → cup (240 ml)). Anything else has no weight cita knows.
 */
export function gramsOfAmount(amount: string, portions: readonly PortionRow[]): Grams {
  const parsed = parseAmountText(amount);
  if (!parsed || parsed.quantity <= 0) return { problem: `the amount "${amount}" is not a number and a unit` };
  const { quantity, unit } = parsed;
  const fromMass = massGrams(quantity, unit === '' ? 'g' : unit);
  if (fromMass !== null) return { grams: fromMass, portion: null };
  const bracketed = /\((\d+(?:[.,]\d+)?)\s*(g|gr|grams?|oz|ml)\)/i.exec(unit);
  if (bracketed) {
    const each = Number((bracketed[1] as string).replace(',', '.'));
    const grams = bracketed[2]?.toLowerCase() === 'ml' ? null : massGrams(quantity * each, bracketed[2] as string);
    if (grams !== null) return { grams, portion: null };
  }
  const named = portions.map((row) => ({ row, name: { en: row.name_en, es: row.name_es } }));
  // "1 medium (7" to 7-7/8" long)": the words in brackets describe the unit, they are not part of its name.
  const portion = findPortion(named, unit.replace(/\([^)]*\)/g, ' ').trim());
  if (portion) return { grams: portionGrams(quantity, portion.row.grams), portion: { row: portion.row, quantity } };
  const millilitres = volumeMillilitres(quantity, unit);
  if (millilitres !== null) {
    const measured = portions.find((row) => portionMillilitres(row.name_en) !== null);
    if (measured) return { grams: Math.round((millilitres / (portionMillilitres(measured.name_en) as number)) * measured.grams * 10) / 10, portion: null };
    return { problem: `"${amount}" is a volume, and this food has no unit that says its weight per millilitre; give its grams` };
  }
  return { problem: `"${amount}" has no weight cita knows for this food; give its grams` };
}

function candidateOf(hit: SearchOutput['hits'][number]) {
  return { code: hit.id, name: hit.title, relevance: hit.relevance };
}

/** The food a name is about when the apps qualify it after commas: "Rice" of "Rice, White, Long-Grain, Raw". */
export function headOf(name: string): string | null {
  const head = name.split(',')[0]?.trim() ?? '';
  return head.length >= 3 && head !== name.trim() ? head : null;
}

/**
 * The candidates as the imported name reads them: a food of an animal the name does not say ("Milk, whole, Buffalo"
 * for "Whole Milk") is only a resemblance, so it is weak and goes behind the strong ones. The keyword search ties
 * buffalo's and cow's whole milk (both names hold "whole" and "milk") and breaks the tie by id, buffalo first.
 */
export function readAsNamed(name: string, candidates: ImportPreviewRow['candidates']): ImportPreviewRow['candidates'] {
  const read = candidates.map((candidate) => (candidate.relevance === 'strong' && unsaidAnimal(name, candidate.name) !== null ? { ...candidate, relevance: 'weak' as const } : candidate));
  return [...read.filter((candidate) => candidate.relevance === 'strong'), ...read.filter((candidate) => candidate.relevance !== 'strong')];
}

/** Builds the import of Cronometer and MyFitnessPal exports over the foods search, the portions and the diary. */
export function createAppImportService(deps: {
  searchFoods: SearchFoods;
  /** The foods and units a profile may log (its own ones where the diary is: foods-store.ts). */
  foods: Pick<FoodsStore, 'visibleTo'>;
  diary: Pick<DiaryStore, 'importUnlessSeen'>;
  requireProfile: (profile: string) => void;
  /** The latest day an entry may have (a year after today). */
  latestDate: () => string;
}): AppImportService {
  /**
   * The foods proposed for a name. When the whole name finds nothing strong, its head is searched too; what the head
   * finds strongly comes first but only as weak (part of the name matched), so the user confirms it. A name read as
   * another spelling is weak too.
   */
  async function withHeadFallback(profile: string, name: string, output: SearchOutput): Promise<ImportPreviewRow['candidates']> {
    // A name the search read through a spelling slip ("Bananna" as banana) is proposed, never taken: the user confirms it.
    const misspelt = output.notices.some((notice) => notice.code === 'spelling');
    const found = output.hits
      .filter((hit) => hit.relevance !== 'none')
      .map(candidateOf)
      .map((candidate) => (misspelt && candidate.relevance === 'strong' ? { ...candidate, relevance: 'weak' as const } : candidate));
    const head = headOf(name);
    if (found.some((candidate) => candidate.relevance === 'strong') || head === null) return found;
    const byHead = (await deps.searchFoods({ corpus: 'foods', query: head, k: candidatesPerRow, profile })).hits.filter((hit) => hit.relevance !== 'none');
    const ordered = [...byHead.filter((hit) => hit.relevance === 'strong').map((hit) => ({ ...candidateOf(hit), relevance: 'weak' as const })), ...found, ...byHead.map(candidateOf)];
    return ordered.filter((candidate, index) => ordered.findIndex((other) => other.code === candidate.code) === index).slice(0, candidatesPerRow);
  }

  async function previewRows(input: Input<'diary.import.preview'>): Promise<{ preview: ImportPreview; entries: Map<number, NewEntry> }> {
    deps.requireProfile(input.profile);
    const read = readExportRows(input.csv);
    if (!read.ok) throw new AppError('invalid_input', `${read.message} Nothing was imported.`, read.details);
    const choices = new Map<number, ImportChoice>(input.choices.map((choice) => [choice.line, choice]));
    const lines = new Set(read.rows.map((row) => row.line));
    const strangers = input.choices.filter((choice) => !lines.has(choice.line)).map((choice) => choice.line);
    if (strangers.length > 0) throw new AppError('invalid_input', `The file has no food row on line ${strangers.join(', ')}; nothing was imported.`);

    const names = [...new Set(read.rows.map((row) => searchTextOf(row.name)))];
    if (names.length > maxDistinctFoods)
      throw new AppError('invalid_input', `The file names ${names.length} different foods; at most ${maxDistinctFoods} are matched at once. Export a shorter period.`);
    // One search per distinct name: a food eaten every day is searched once.
    const proposals = new Map<string, ImportPreviewRow['candidates']>();
    let embedder: string | null = null;
    for (const name of names) {
      const output = await deps.searchFoods({ corpus: 'foods', query: name, k: candidatesPerRow, profile: input.profile });
      embedder ??= output.embedder;
      proposals.set(name, readAsNamed(name, await withHeadFallback(input.profile, name, output)));
    }

    const latest = deps.latestDate();
    const visible = await deps.foods.visibleTo(input.profile);
    const entries = new Map<number, NewEntry>();
    const rows = read.rows.map((row): ImportPreviewRow => {
      const choice = choices.get(row.line);
      const candidates = proposals.get(searchTextOf(row.name)) as ImportPreviewRow['candidates'];
      const base = { line: row.line, date: row.date, meal: row.meal, meal_written: row.mealWritten, name: row.name, amount: row.amount, candidates };
      const chosenFood = choice?.food === undefined ? undefined : visible.food(choice.food);
      if (choice?.food !== undefined && !chosenFood) {
        throw new AppError('not_found', `Line ${row.line}: no food with code "${choice.food}" is visible to profile "${input.profile}"; nothing was imported.`);
      }
      const match = chosenFood
        ? (candidates.find((candidate) => candidate.code === chosenFood.code) ?? {
            code: chosenFood.code,
            name: chosenFood.brand ? `${chosenFood.name} (${chosenFood.brand})` : chosenFood.name,
            relevance: 'strong' as const,
          })
        : (candidates[0] ?? null);
      const resolved = resolveRow(row, match, choice, latest);
      if (resolved.entry) entries.set(row.line, { ...resolved.entry, profile: input.profile });
      return { ...base, match, chosen: chosenFood !== undefined, grams: resolved.grams, portion: resolved.portion, status: resolved.status, problem: resolved.problem };
    });

    function resolveRow(row: ExportRow, match: ImportPreviewRow['match'], choice: ImportChoice | undefined, latestDay: string) {
      const none = { grams: null, portion: null, entry: undefined };
      if (choice?.exclude) return { ...none, status: 'excluded' as ImportRowStatus, problem: null };
      const rowProblems = [...row.problems];
      if (rowProblems.length === 0 && (row.date < diaryDateBounds.earliest || row.date > latestDay)) {
        rowProblems.push(`the date ${row.date} is outside ${diaryDateBounds.earliest}..${latestDay}`);
      }
      if (rowProblems.length > 0) return { ...none, status: 'invalid' as ImportRowStatus, problem: rowProblems.join('; ') };
      if (!match) return { ...none, status: 'unmatched' as ImportRowStatus, problem: `no food in the catalog matches "${row.name}"; choose one or exclude the row` };
      const food = visible.food(match.code);
      if (!food) return { ...none, status: 'unmatched' as ImportRowStatus, problem: `the food ${match.code} is not visible to this profile` };
      const amount: Grams = choice?.grams !== undefined ? { grams: choice.grams, portion: null } : gramsOfAmount(row.amount, visible.portionsOf(match.code));
      if ('problem' in amount) return { ...none, status: 'no_grams' as ImportRowStatus, problem: amount.problem };
      if (amount.grams <= 0 || amount.grams > maxEntryGrams) {
        return { ...none, status: 'invalid' as ImportRowStatus, problem: `"${row.amount}" is ${amount.grams} g; one entry holds more than 0 and at most ${maxEntryGrams} g` };
      }
      const portion = amount.portion ? { id: amount.portion.row.id, name: { en: amount.portion.row.name_en, es: amount.portion.row.name_es }, quantity: amount.portion.quantity } : null;
      const weak = match.relevance !== 'strong' && choice?.food === undefined;
      return {
        grams: amount.grams,
        portion,
        status: (weak ? 'weak' : 'ready') as ImportRowStatus,
        problem: weak ? weakProblem(row.name, match.name) : null,
        entry: {
          profile: input.profile,
          date: row.date,
          meal: row.meal as NonNullable<ExportRow['meal']>,
          foodId: food.id,
          grams: amount.grams,
          ...(portion ? { portion: { id: portion.id, quantity: portion.quantity } } : {}),
        },
      };
    }

    const count = (status: ImportRowStatus) => rows.filter((row) => row.status === status).length;
    const dates = rows
      .filter((row) => row.status !== 'excluded' && row.status !== 'invalid')
      .map((row) => row.date)
      .sort();
    return {
      preview: {
        format: read.format,
        rows,
        counts: { rows: rows.length, ready: count('ready'), weak: count('weak'), unmatched: count('unmatched'), no_grams: count('no_grams'), invalid: count('invalid'), excluded: count('excluded') },
        date_from: dates[0] ?? null,
        date_to: dates[dates.length - 1] ?? null,
        embedder,
      },
      entries,
    };
  }

  return {
    async preview(input) {
      return (await previewRows(input)).preview;
    },

    async confirm(input) {
      const { preview, entries } = await previewRows(input);
      const blocking = preview.rows.filter((row) => row.status !== 'ready' && row.status !== 'excluded' && !(row.status === 'weak' && input.accept_weak));
      if (blocking.length > 0) {
        throw new AppError(
          'invalid_input',
          `${blocking.length} ${blocking.length === 1 ? 'row is' : 'rows are'} not resolved (the first is line ${blocking[0]?.line}: "${blocking[0]?.name}"); nothing was imported. ` +
            'Choose a food or grams for each, accept the weak matches, or exclude the rows.',
          blocking.slice(0, maxListedProblems).map((row) => `line ${row.line}: ${row.name} (${row.amount}): ${row.problem ?? row.status}`),
        );
      }
      const toWrite = preview.rows.flatMap((row) => (row.status === 'excluded' ? [] : [entries.get(row.line) as NewEntry]));
      if (toWrite.length === 0) throw new AppError('invalid_input', 'Every row is excluded: there is nothing to import.');
      const digest = createEntriesDigest();
      for (const entry of toWrite) digest.add(entry);
      const sha256 = digest.hex();
      // The guard and the write are one store operation (one transaction): the same import confirmed twice at once
      // imports once.
      const { previous } = await deps.diary.importUnlessSeen(input.profile, [sha256], toWrite, { allowRepeat: input.allow_repeat, write: true });
      if (previous && !input.allow_repeat) {
        throw new AppError(
          'conflict',
          `These entries were already imported into profile "${input.profile}" at ${previous.imported_at} (${previous.rows} entries); nothing was imported. Import them again on purpose with allow_repeat.`,
        );
      }
      return { format: preview.format, added: toWrite.length, excluded: preview.counts.excluded, date_from: preview.date_from, date_to: preview.date_to };
    },
  };
}
