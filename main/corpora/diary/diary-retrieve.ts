import type { DiaryPlan } from '../../../shared/contract.js';
import { maxContextFoodRows, type DiaryRetrieval } from '../../answer/diary-context.js';
import type { DiaryRepository } from './diary-repository.js';

/**
 * Reads what a plan asks for, from the views only: daily totals, the target in force each day, the period's
 * totals, averages and days over/under target (SQL aggregates over the views), and per-entry and per-food rows
 * only when the plan asks for detail (the 400 largest by energy, with the full counts for the cut notice). A plan
 * limited to meals reads those meals' entries only, and no targets (a daily target is not a meal's). The diary's
 * first and last day are read too, so an empty period can say where the entries are.
 */
export function retrieveForPlan(repository: DiaryRepository, profile: string, plan: DiaryPlan, period: { from: string; to: string } = { from: plan.date_from, to: plan.date_to }): DiaryRetrieval {
  const { from, to } = period;
  const meals = plan.meals ?? [];
  const wholeDays = meals.length === 0;
  return {
    dailyTotals: repository.dailyTotals(profile, from, to, meals),
    targetsByDay: wholeDays ? repository.targetsByDay(profile, from, to) : [],
    summary: repository.summary(profile, from, to, meals),
    targetDays: wholeDays ? repository.targetDays(profile, from, to) : [],
    range: repository.diaryRange(profile),
    ...(plan.need_detail
      ? {
          detail: {
            entries: repository.entries(profile, from, to, maxContextFoodRows, meals),
            entryCount: repository.countEntries(profile, from, to, meals),
            foods: repository.foodTotals(profile, from, to, maxContextFoodRows, meals),
            foodCount: repository.countFoods(profile, from, to, meals),
          },
        }
      : {}),
  };
}
