import type { DiaryPlan } from '../../../shared/contract.js';
import { itemLabel, maxContextFoodRows, type DiaryRetrieval } from '../../answer/diary-context.js';
import type { DiaryStore } from './diary-store.js';
import { phraseNamesFood } from './food-matching.js';

/** A limit no period reaches: every row (an integer both SQLite and PostgreSQL bind). */
const everyRow = 2 ** 31 - 1;

/**
 * Reads what a plan asks for, from the views only: daily totals, the target in force each day, the period's
 * totals, averages and days over/under target (SQL aggregates over the views), and per-entry and per-food rows
 * only when the plan asks for detail (the 400 largest by energy, with the full counts for the cut notice). A plan
 * limited to meals reads those meals' entries only, and no targets (a daily target is not a meal's). The diary's
 * first and last day are read too, so an empty period can say where the entries are. A plan naming foods reads
 * every entry and food of the period and keeps those whose name has the named words (food-matching.ts), with
 * what each named phrase matched.
 */
export async function retrieveForPlan(store: DiaryStore, profile: string, plan: DiaryPlan, period: { from: string; to: string } = { from: plan.date_from, to: plan.date_to }): Promise<DiaryRetrieval> {
  const { from, to } = period;
  const meals = plan.meals ?? [];
  const wholeDays = meals.length === 0;
  const retrieval: DiaryRetrieval = {
    dailyTotals: await store.dailyTotals(profile, from, to, meals),
    targetsByDay: wholeDays ? await store.targetsByDay(profile, from, to) : [],
    summary: await store.summary(profile, from, to, meals),
    targetDays: wholeDays ? await store.targetDays(profile, from, to) : [],
    range: await store.diaryRange(profile),
  };
  if (!plan.need_detail) return retrieval;
  const foods = plan.foods ?? [];
  if (foods.length === 0) {
    return {
      ...retrieval,
      detail: {
        entries: await store.entries(profile, from, to, maxContextFoodRows, meals),
        entryCount: await store.countEntries(profile, from, to, meals),
        foods: await store.foodTotals(profile, from, to, maxContextFoodRows, meals),
        foodCount: await store.countFoods(profile, from, to, meals),
      },
    };
  }
  // Every food and entry of the period is read (a period has tens of foods and at most a few thousand entries), in
  // one read each with no count before it, then only the named foods' are kept.
  const allFoods = await store.foodTotals(profile, from, to, everyRow, meals);
  const namedFoods = foods.map((phrase) => ({
    phrase,
    items: allFoods.filter((food) => phraseNamesFood(phrase, String(food.food_name), String(food.food_brand ?? ''))),
  }));
  const kept = new Set(namedFoods.flatMap((named) => named.items.map((food) => food.food_id)));
  const entries = kept.size === 0 ? [] : (await store.entries(profile, from, to, everyRow, meals)).filter((entry) => kept.has(entry.food_id));
  const keptFoods = allFoods.filter((food) => kept.has(food.food_id));
  return {
    ...retrieval,
    detail: { entries: entries.slice(0, maxContextFoodRows), entryCount: entries.length, foods: keptFoods.slice(0, maxContextFoodRows), foodCount: keptFoods.length },
    namedFoods: namedFoods.map((named) => ({ phrase: named.phrase, items: named.items.map((food) => itemLabel(food.food_name, food.food_brand)) })),
  };
}
