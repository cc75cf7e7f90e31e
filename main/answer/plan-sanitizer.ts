import type { DiaryPlan, Language, Notice } from '../../shared/contract.js';
import { isNutrientKey, type NutrientKey } from '../../shared/nutrients.js';
import { addDays, daysBetween, isCalendarDate } from './calendar.js';

/** What a planner proposes, before anything is trusted: an LLM may write anything in these fields. */
export interface RawPlan {
  date_from?: unknown;
  date_to?: unknown;
  nutrients?: unknown;
  need_detail?: unknown;
}

/** A period is at most this many days; longer ones keep their last 92 days (the seed's rule). */
export const maxPlanDays = 92;
/** A missing or invalid period becomes the last 30 days, today included. */
export const defaultPlanDays = 30;
/** When no asked nutrient is known: the macronutrient overview. */
export const defaultNutrients: readonly NutrientKey[] = ['energy_kcal', 'protein', 'carbohydrate', 'fat'];

/** What the sanitizer changed, so the user is told (a cut period, dropped words). */
export type PlanAdjustment =
  | { code: 'period_defaulted' }
  | { code: 'future_date'; date: string }
  | { code: 'period_swapped' }
  | { code: 'period_clamped'; days: number }
  | { code: 'nutrients_dropped'; dropped: string[] }
  | { code: 'nutrients_defaulted' };

export interface SanitizedPlan {
  plan: DiaryPlan;
  adjustments: PlanAdjustment[];
}

/**
 * Makes any proposed plan safe to run (pure). Rules, in order: a missing or invalid date → the last 30 days
 * including today; a date after today → today; reversed dates → swapped; more than 92 days → the last 92,
 * flagged `clamped`; nutrient keys not in the registry → dropped, and none left → energy, protein,
 * carbohydrate, fat; `need_detail` is true only when it is the boolean true.
 */
export function sanitizePlan(raw: RawPlan, options: { today: string; planner: DiaryPlan['planner'] }): SanitizedPlan {
  const { today } = options;
  const adjustments: PlanAdjustment[] = [];

  let from: string;
  let to: string;
  if (isCalendarDate(raw.date_from) && isCalendarDate(raw.date_to)) {
    from = raw.date_from;
    to = raw.date_to;
  } else {
    from = addDays(today, -(defaultPlanDays - 1));
    to = today;
    adjustments.push({ code: 'period_defaulted' });
  }
  for (const date of [from, to]) {
    if (date > today && !adjustments.some((adjustment) => adjustment.code === 'future_date')) adjustments.push({ code: 'future_date', date });
  }
  if (from > today) from = today;
  if (to > today) to = today;
  if (from > to) {
    [from, to] = [to, from];
    adjustments.push({ code: 'period_swapped' });
  }
  const days = daysBetween(from, to) + 1;
  const clamped = days > maxPlanDays;
  if (clamped) {
    from = addDays(to, -(maxPlanDays - 1));
    adjustments.push({ code: 'period_clamped', days });
  }

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
  if (nutrients.length === 0) {
    nutrients.push(...defaultNutrients);
    adjustments.push({ code: 'nutrients_defaulted' });
  }

  return {
    plan: { date_from: from, date_to: to, nutrients, need_detail: raw.need_detail === true, clamped, planner: options.planner },
    adjustments,
  };
}

/** The notice the user reads about one adjustment, in the answer's language. */
export function adjustmentNotice(adjustment: PlanAdjustment, language: Language): Notice {
  const es = language === 'es';
  switch (adjustment.code) {
    case 'period_defaulted':
      return { code: adjustment.code, message: es ? `Sin un periodo claro: se usaron los últimos ${defaultPlanDays} días.` : `No clear period: the last ${defaultPlanDays} days were used.` };
    case 'future_date':
      return { code: adjustment.code, message: es ? `La fecha ${adjustment.date} está en el futuro: el periodo termina hoy.` : `${adjustment.date} is in the future: the period ends today.` };
    case 'period_swapped':
      return { code: adjustment.code, message: es ? 'Las fechas venían invertidas y se intercambiaron.' : 'The dates were reversed and have been swapped.' };
    case 'period_clamped':
      return {
        code: adjustment.code,
        message: es
          ? `El periodo pedido tiene ${adjustment.days} días; se usan solo los últimos ${maxPlanDays}.`
          : `The period asked for has ${adjustment.days} days; only the last ${maxPlanDays} are used.`,
      };
    case 'nutrients_dropped':
      return {
        code: adjustment.code,
        message: es ? `Nutrientes desconocidos ignorados: ${adjustment.dropped.join(', ')}.` : `Unknown nutrients ignored: ${adjustment.dropped.join(', ')}.`,
      };
    case 'nutrients_defaulted':
      return {
        code: adjustment.code,
        message: es ? 'Sin un nutriente concreto: se muestran energía, proteína, carbohidratos y grasa.' : 'No specific nutrient: energy, protein, carbohydrate and fat are shown.',
      };
  }
}
