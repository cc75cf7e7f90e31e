import type { DiaryPlan } from '../../../shared/contract.js';
import { maxContextFoodRows, type DiaryRetrieval } from '../../answer/diary-context.js';
import type { DiaryRepository } from './diary-repository.js';

/**
 * Reads what a plan asks for, from the views only: daily totals, the target in force each day, the period's
 * totals, averages and days over/under target (SQL aggregates over the views), and per-entry and per-food rows
 * only when the plan asks for detail (the 400 largest by energy, with the full counts for the cut notice).
 */
export function retrieveForPlan(repository: DiaryRepository, profile: string, plan: DiaryPlan): DiaryRetrieval {
  const { date_from: from, date_to: to } = plan;
  return {
    dailyTotals: repository.dailyTotals(profile, from, to),
    targetsByDay: repository.targetsByDay(profile, from, to),
    summary: repository.summary(profile, from, to),
    targetDays: repository.targetDays(profile, from, to),
    ...(plan.need_detail
      ? {
          detail: {
            entries: repository.entries(profile, from, to, maxContextFoodRows),
            entryCount: repository.countEntries(profile, from, to),
            foods: repository.foodTotals(profile, from, to, maxContextFoodRows),
            foodCount: repository.countFoods(profile, from, to),
          },
        }
      : {}),
  };
}
