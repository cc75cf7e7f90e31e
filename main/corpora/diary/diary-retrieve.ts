import type { DiaryPlan } from '../../../shared/contract.js';
import { maxContextFoodRows, type DiaryRetrieval } from '../../answer/diary-context.js';
import type { DiaryStore } from './diary-store.js';

/**
 * Reads what a plan asks for, from the views only: daily totals, the target in force each day, the period's
 * totals, averages and days over/under target (SQL aggregates over the views), and per-entry and per-food rows
 * only when the plan asks for detail (the 400 largest by energy, with the full counts for the cut notice). A plan
 * limited to meals reads those meals' entries only, and no targets (a daily target is not a meal's). The diary's
 * first and last day are read too, so an empty period can say where the entries are.
 */
export async function retrieveForPlan(store: DiaryStore, profile: string, plan: DiaryPlan, period: { from: string; to: string } = { from: plan.date_from, to: plan.date_to }): Promise<DiaryRetrieval> {
  const { from, to } = period;
  const meals = plan.meals ?? [];
  const wholeDays = meals.length === 0;
  return {
    dailyTotals: await store.dailyTotals(profile, from, to, meals),
    targetsByDay: wholeDays ? await store.targetsByDay(profile, from, to) : [],
    summary: await store.summary(profile, from, to, meals),
    targetDays: wholeDays ? await store.targetDays(profile, from, to) : [],
    range: await store.diaryRange(profile),
    ...(plan.need_detail
      ? {
          detail: {
            entries: await store.entries(profile, from, to, maxContextFoodRows, meals),
            entryCount: await store.countEntries(profile, from, to, meals),
            foods: await store.foodTotals(profile, from, to, maxContextFoodRows, meals),
            foodCount: await store.countFoods(profile, from, to, meals),
          },
        }
      : {}),
  };
}
