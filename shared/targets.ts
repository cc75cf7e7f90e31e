/**
 * How a day's amount stands against its target. A goal (protein, fibre) is reached by eating enough; a limit
 * (sodium, free sugars) is kept by staying under it, so 28% of a sodium limit is fine, not "72% to go".
 */
export type TargetKind = 'goal' | 'limit';

export type TargetState = 'below_goal' | 'goal_met' | 'within_limit' | 'near_limit' | 'over_limit';

export interface TargetStanding {
  /** amount / target (1 = exactly the target). */
  share: number;
  state: TargetState;
}

/** From this share of a limit on, the day is close to it (a person may want to know before the last meal). */
export const nearLimitShare = 0.9;

/** Where `amount` stands against `target`; null when there is no amount or no (positive) target. */
export function targetStanding(amount: number | null | undefined, target: number | null | undefined, kind: TargetKind): TargetStanding | null {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return null;
  if (target === null || target === undefined || !Number.isFinite(target) || target <= 0) return null;
  const share = amount / target;
  if (kind === 'goal') return { share, state: share >= 1 ? 'goal_met' : 'below_goal' };
  if (share > 1) return { share, state: 'over_limit' };
  return { share, state: share >= nearLimitShare ? 'near_limit' : 'within_limit' };
}
