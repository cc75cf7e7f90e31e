import { diaryScopeReasons, type DiaryPlan, type DiaryScopeReason, type Language, type Notice, type Unhonoured } from '../../shared/contract.js';
import { mealSchema, type Meal } from '../../shared/contract/diary.js';
import { isNutrientKey, nutrients as registry, type NutrientKey } from '../../shared/nutrients.js';
import { addDays, daysBetween, isCalendarDate } from './calendar.js';

/** What a planner proposes, before anything is trusted: an LLM may write anything in these fields. */
export interface RawPlan {
  date_from?: unknown;
  date_to?: unknown;
  nutrients?: unknown;
  need_detail?: unknown;
  /** Meals the question is limited to (breakfast, lunch, dinner, snack). */
  meals?: unknown;
  /** A second period to compare with the first. */
  compare_from?: unknown;
  compare_to?: unknown;
  /** "What did I eat …": list every entry. */
  list_entries?: unknown;
  /** Nutrient words the question names that the registry does not track ("vitamin K"). */
  untracked?: unknown;
  /** False when the question shows no nutrition intent at all. */
  understood?: unknown;
  /** Why a question that uses the log's words still asks what the log cannot say (question-scope.ts). */
  out_of_scope?: unknown;
  /** Date phrases naming no real day ("31 de febrero"). */
  invalid_dates?: unknown;
  /** Periods named beyond the two a comparison takes. */
  ignored_periods?: unknown;
  /** Foods the question names by name ("paneer"): only their entries answer it. */
  foods?: unknown;
}

/** A period is at most this many days; longer ones keep their last 92 days (the seed's rule). */
export const maxPlanDays = 92;
/** A missing or invalid period becomes the last 30 days, today included. */
export const defaultPlanDays = 30;
/** When no asked nutrient is known: the macronutrient overview. */
export const defaultNutrients: readonly NutrientKey[] = ['energy_kcal', 'protein', 'carbohydrate', 'fat'];
/** What a list of entries shows with each one when no nutrient is named. */
export const listNutrients: readonly NutrientKey[] = ['energy_kcal'];
/** Dates before this year are typing errors ("0000-01-01"), not periods. */
export const firstPlanYear = 1900;

const mealOrder: readonly Meal[] = ['breakfast', 'lunch', 'dinner', 'snack'];

/** What the sanitizer changed or could not honour, so the user is told. */
export type PlanAdjustment =
  | { code: 'period_defaulted' }
  | { code: 'future_date'; date: string; today: string; comparison: boolean }
  | { code: 'future_period'; from: string; to: string; today: string }
  | { code: 'period_swapped' }
  | { code: 'period_clamped'; days: number; comparison: boolean }
  | { code: 'nutrients_dropped'; dropped: string[] }
  | { code: 'nutrients_defaulted'; listing: boolean }
  | { code: 'untracked_nutrient'; names: string[]; refused: boolean }
  | { code: 'not_understood'; reason?: DiaryScopeReason }
  | { code: 'invalid_date'; dates: string[] }
  | { code: 'comparison_dropped'; reason: 'future' | 'same' | 'extra'; text: string }
  | { code: 'meals_dropped'; dropped: string[] };

export interface SanitizedPlan {
  plan: DiaryPlan;
  adjustments: PlanAdjustment[];
}

function strings(value: unknown, limit = 10): string[] {
  return Array.isArray(value)
    ? value
        .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
        .map((item) => item.trim().slice(0, 60))
        .slice(0, limit)
    : [];
}

function usableDate(value: unknown): value is string {
  return isCalendarDate(value) && Number(value.slice(0, 4)) >= firstPlanYear;
}

interface CheckedPeriod {
  from: string;
  to: string;
  clamped: boolean;
  /** The whole period is after today: nothing can be logged in it yet. */
  future: boolean;
}

/** Orders, cuts at today and clamps to 92 days one proposed period; records what it changed. */
function checkPeriod(from: string, to: string, today: string, comparison: boolean, adjustments: PlanAdjustment[]): CheckedPeriod {
  if (from > to) {
    [from, to] = [to, from];
    adjustments.push({ code: 'period_swapped' });
  }
  if (from > today) return { from, to, clamped: false, future: true };
  if (to > today) {
    adjustments.push({ code: 'future_date', date: to, today, comparison });
    to = today;
  }
  const days = daysBetween(from, to) + 1;
  const clamped = days > maxPlanDays;
  if (clamped) {
    from = addDays(to, -(maxPlanDays - 1));
    adjustments.push({ code: 'period_clamped', days, comparison });
  }
  return { from, to, clamped, future: false };
}

/**
 * Makes any proposed plan safe to run (pure). Rules, in order:
 * - period: a missing or invalid date (or one before 1900) → the last 30 days including today; reversed dates →
 *   swapped; a period wholly after today → refused as `future_period` (kept as asked, nothing is retrieved); one
 *   ending after today → cut to end today; more than 92 days → the last 92, flagged `clamped`. A comparison
 *   period gets the same rules; a future or identical one is dropped with a notice.
 * - refusals, first that applies: out of the log's scope (advice, what a food contains, someone else's eating, not
 *   eating: `out_of_scope`) or no nutrition intent → `not_understood`; a date naming no real day →
 *   `invalid_date`; only nutrients cita does not track → `untracked_nutrient`; the future → `future_period`.
 * - nutrients: keys not in the registry → dropped; none left → energy, protein, carbohydrate, fat (energy alone
 *   for a list of entries), recorded in `defaults`; untracked ones are named in `not_honoured`.
 * - meals: only breakfast, lunch, dinner, snack; all four are the same as none (every meal).
 * - `need_detail` and `list_entries` are true only when they are the boolean true; a list needs detail.
 * - foods named (at most 3, 40 characters each): kept, with detail, energy when no nutrient is named (a comparison
 *   sets each named food's totals of the two periods side by side); a refusal drops them silently.
 */
export function sanitizePlan(raw: RawPlan, options: { today: string; planner: DiaryPlan['planner'] }): SanitizedPlan {
  const { today } = options;
  const adjustments: PlanAdjustment[] = [];
  const defaults: NonNullable<DiaryPlan['defaults']> = [];

  let primary: CheckedPeriod;
  if (usableDate(raw.date_from) && usableDate(raw.date_to)) {
    primary = checkPeriod(raw.date_from, raw.date_to, today, false, adjustments);
  } else {
    primary = { from: addDays(today, -(defaultPlanDays - 1)), to: today, clamped: false, future: false };
    adjustments.push({ code: 'period_defaulted' });
    defaults.push('period');
  }

  let comparison: CheckedPeriod | null = null;
  if (usableDate(raw.compare_from) && usableDate(raw.compare_to) && !primary.future) {
    const checked = checkPeriod(raw.compare_from, raw.compare_to, today, true, adjustments);
    const text = `${checked.from} – ${checked.to}`;
    if (checked.future) adjustments.push({ code: 'comparison_dropped', reason: 'future', text });
    else if (checked.from === primary.from && checked.to === primary.to) adjustments.push({ code: 'comparison_dropped', reason: 'same', text });
    else comparison = checked;
  }
  for (const text of strings(raw.ignored_periods, 3)) adjustments.push({ code: 'comparison_dropped', reason: 'extra', text });

  const meals: Meal[] = [];
  const unknownMeals: string[] = [];
  for (const value of Array.isArray(raw.meals) ? raw.meals : []) {
    const parsed = mealSchema.safeParse(value);
    if (parsed.success) meals.push(parsed.data);
    else unknownMeals.push(String(value).slice(0, 40));
  }
  if (unknownMeals.length > 0) adjustments.push({ code: 'meals_dropped', dropped: unknownMeals.slice(0, 10) });
  const orderedMeals = mealOrder.filter((meal) => meals.includes(meal));

  const listEntries = raw.list_entries === true;
  const proposed = Array.isArray(raw.nutrients) ? raw.nutrients : [];
  const nutrients: NutrientKey[] = [];
  const dropped: string[] = [];
  for (const value of proposed) {
    if (typeof value === 'string' && isNutrientKey(value)) {
      if (!nutrients.includes(value)) nutrients.push(value);
    } else {
      dropped.push(String(value).slice(0, 40));
    }
  }
  if (dropped.length > 0) adjustments.push({ code: 'nutrients_dropped', dropped: dropped.slice(0, 10) });
  const untracked = strings(raw.untracked);
  const invalidDates = strings(raw.invalid_dates);
  let foods = strings(raw.foods, 3).map((food) => food.slice(0, 40));

  let refusal: DiaryPlan['refusal'];
  const scope = diaryScopeReasons.find((reason) => reason === raw.out_of_scope);
  if (scope) {
    refusal = 'not_understood';
    adjustments.push({ code: 'not_understood', reason: scope });
  } else if (raw.understood === false) {
    refusal = 'not_understood';
    adjustments.push({ code: 'not_understood' });
  } else if (invalidDates.length > 0) {
    refusal = 'invalid_date';
    adjustments.push({ code: 'invalid_date', dates: invalidDates });
  } else if (untracked.length > 0 && nutrients.length === 0) {
    refusal = 'untracked_nutrient';
  } else if (primary.future) {
    refusal = 'future_period';
    adjustments.push({ code: 'future_period', from: primary.from, to: primary.to, today });
  }
  if (untracked.length > 0 && !scope) adjustments.push({ code: 'untracked_nutrient', names: untracked, refused: refusal === 'untracked_nutrient' });

  // A refusal looks nothing up; a question out of the log's scope asked for no nutrient or meal of the log either.
  if (refusal) foods = [];
  if (scope) nutrients.splice(0);

  if (refusal === undefined && nutrients.length === 0) {
    nutrients.push(...(listEntries || foods.length > 0 ? listNutrients : defaultNutrients));
    adjustments.push({ code: 'nutrients_defaulted', listing: listEntries || foods.length > 0 });
    defaults.push('nutrients');
  }

  const plan: DiaryPlan = {
    date_from: primary.from,
    date_to: primary.to,
    nutrients,
    need_detail: refusal === undefined && (raw.need_detail === true || listEntries || foods.length > 0),
    clamped: primary.clamped,
    planner: options.planner,
    meals: scope || orderedMeals.length === mealOrder.length ? [] : orderedMeals,
    ...(comparison && refusal === undefined ? { compare_to: { date_from: comparison.from, date_to: comparison.to, clamped: comparison.clamped } } : {}),
    list_entries: refusal === undefined && listEntries,
    ...(foods.length > 0 ? { foods } : {}),
    ...(refusal ? { refusal } : {}),
    defaults,
    // A question out of the log's scope honoured nothing of its plan; only that is said (no clamped period of it).
    not_honoured: scope ? [{ code: 'not_understood', text: scope }] : adjustments.flatMap(unhonouredOf),
  };
  return { plan, adjustments };
}

/** The entries of `not_honoured` one adjustment stands for (defaults and swaps are not failures to honour). */
function unhonouredOf(adjustment: PlanAdjustment): Unhonoured[] {
  switch (adjustment.code) {
    case 'untracked_nutrient':
      return adjustment.names.map((text) => ({ code: 'untracked_nutrient' as const, text }));
    case 'not_understood':
      return [{ code: 'not_understood', text: adjustment.reason ?? '' }];
    case 'future_period':
      return [{ code: 'future_period', text: adjustment.from === adjustment.to ? adjustment.from : `${adjustment.from} – ${adjustment.to}` }];
    case 'future_date':
      return [{ code: 'future_date', text: adjustment.date }];
    case 'invalid_date':
      return adjustment.dates.map((text) => ({ code: 'invalid_date' as const, text }));
    case 'period_clamped':
      return [{ code: 'period_clamped', text: `${adjustment.days}` }];
    case 'nutrients_dropped':
      return adjustment.dropped.map((text) => ({ code: 'nutrients_dropped' as const, text }));
    case 'comparison_dropped':
      return [{ code: 'comparison_dropped', text: adjustment.text }];
    case 'meals_dropped':
      return adjustment.dropped.map((text) => ({ code: 'meals_dropped' as const, text }));
    default:
      return [];
  }
}

/** "a, b and c" / "a, b y c". */
export function listWords(items: readonly string[], language: Language): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${language === 'es' ? 'y' : 'and'} ${items[items.length - 1]}`;
}

/** The registry's nutrients by name, in the answer's language: what cita does track. */
export function trackedNutrientNames(language: Language): string {
  return listWords(
    registry.filter((nutrient) => nutrient.key !== 'energy_kj').map((nutrient) => nutrient.labels[language].toLowerCase().replace(/^vitamin(a?) c$/, (_match, a: string) => `vitamin${a} C`)),
    language,
  );
}

/** The notice the user reads about one adjustment, in the answer's language. */
export function adjustmentNotice(adjustment: PlanAdjustment, language: Language): Notice {
  const es = language === 'es';
  switch (adjustment.code) {
    case 'period_defaulted':
      return { code: adjustment.code, message: es ? `Sin un periodo claro: se usaron los últimos ${defaultPlanDays} días.` : `No clear period: the last ${defaultPlanDays} days were used.` };
    case 'future_date':
      return {
        code: adjustment.code,
        message: es
          ? `${adjustment.comparison ? 'El segundo periodo' : 'El periodo'} pedido termina el ${adjustment.date}, después de hoy (${adjustment.today}): se cortó para terminar hoy.`
          : `The ${adjustment.comparison ? 'second ' : ''}period asked for ends on ${adjustment.date}, after today (${adjustment.today}): it was cut to end today.`,
      };
    case 'future_period': {
      const period = adjustment.from === adjustment.to ? adjustment.from : es ? `del ${adjustment.from} al ${adjustment.to}` : `${adjustment.from} to ${adjustment.to}`;
      return {
        code: adjustment.code,
        message: es
          ? `El periodo pedido (${period}) todavía no ha llegado: el diario solo tiene entradas hasta hoy (${adjustment.today}).`
          : `The period asked for (${period}) has not happened yet: the diary holds entries up to today (${adjustment.today}).`,
      };
    }
    case 'period_swapped':
      return { code: adjustment.code, message: es ? 'Las fechas venían invertidas y se intercambiaron.' : 'The dates were reversed and have been swapped.' };
    case 'period_clamped':
      return {
        code: adjustment.code,
        message: es
          ? `${adjustment.comparison ? 'El segundo periodo' : 'El periodo'} pedido tiene ${adjustment.days} días; se usan solo los últimos ${maxPlanDays}.`
          : `The ${adjustment.comparison ? 'second ' : ''}period asked for has ${adjustment.days} days; only the last ${maxPlanDays} are used.`,
      };
    case 'nutrients_dropped':
      return {
        code: adjustment.code,
        message: es ? `Nutrientes desconocidos ignorados: ${adjustment.dropped.join(', ')}.` : `Unknown nutrients ignored: ${adjustment.dropped.join(', ')}.`,
      };
    case 'nutrients_defaulted':
      return {
        code: adjustment.code,
        message: adjustment.listing
          ? es
            ? 'Sin un nutriente concreto: cada entrada se muestra con su energía.'
            : 'No specific nutrient: each entry is shown with its energy.'
          : es
            ? 'Sin un nutriente concreto: se muestran energía, proteína, carbohidratos y grasa.'
            : 'No specific nutrient: energy, protein, carbohydrate and fat are shown.',
      };
    case 'untracked_nutrient': {
      const names = listWords(adjustment.names, language);
      return {
        code: adjustment.code,
        message: es
          ? `cita no registra ${names}${adjustment.refused ? '' : ': se responde solo por el resto'}; registra ${trackedNutrientNames('es')}.`
          : `cita does not track ${names}${adjustment.refused ? '' : ': only the rest is answered'}; it tracks ${trackedNutrientNames('en')}.`,
      };
    }
    case 'not_understood':
      return { code: adjustment.code, message: es ? 'La pregunta no parece tratar de su diario de comidas.' : 'The question does not seem to be about your food diary.' };
    case 'invalid_date':
      return {
        code: adjustment.code,
        message: es
          ? `${listWords(
              adjustment.dates.map((date) => `«${date}»`),
              'es',
            )} no es una fecha que exista: no se consultó nada.`
          : `${listWords(
              adjustment.dates.map((date) => `"${date}"`),
              'en',
            )} is not a date that exists: nothing was looked up.`,
      };
    case 'comparison_dropped':
      return {
        code: adjustment.code,
        message:
          adjustment.reason === 'future'
            ? es
              ? `El periodo con el que comparar (${adjustment.text}) todavía no ha llegado: se muestra solo el primero.`
              : `The period to compare with (${adjustment.text}) has not happened yet: only the first is shown.`
            : adjustment.reason === 'same'
              ? es
                ? 'Los dos periodos son el mismo: se muestra una vez.'
                : 'Both periods are the same: it is shown once.'
              : es
                ? `Solo se comparan dos periodos; «${adjustment.text}» quedó fuera.`
                : `Only two periods are compared; "${adjustment.text}" was left out.`,
      };
    case 'meals_dropped':
      return {
        code: adjustment.code,
        message: es ? `Comidas desconocidas ignoradas: ${adjustment.dropped.join(', ')}.` : `Unknown meals ignored: ${adjustment.dropped.join(', ')}.`,
      };
  }
}
