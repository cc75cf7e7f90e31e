import { z } from 'zod';
import { operations, type OperationName } from '../../shared/contract.js';
import type { ErrorInfo } from '../../shared/result.js';

/** Reads that hold no profile's data, so a token bound to one profile may still call them. */
export const profileFreeReads: ReadonlySet<OperationName> = new Set<OperationName>(['status', 'settings.get', 'jobs.list']);

/** True when the operation's input names a profile (so the dispatcher can hold it to the token's). */
export function takesProfile(name: OperationName): boolean {
  const input: unknown = operations[name].input;
  return input instanceof z.ZodObject && Object.prototype.hasOwnProperty.call(input.shape, 'profile');
}

export type ScopeDecision = { ok: true; input: unknown } | { ok: false; error: ErrorInfo };

/**
 * What a token bound to one profile may do: operations on that profile (its profile is filled in when the
 * input leaves it out) and the few reads that hold nobody's data. Everything else (settings, ingest, jobs,
 * the list of other profiles, any operation added later without a profile) is refused, so a bound token
 * cannot reach past its profile through a door nobody thought of. Unbound tokens pass unchanged.
 */
export function scopeToProfile(name: OperationName, input: unknown, boundProfile: string | undefined): ScopeDecision {
  if (boundProfile === undefined) return { ok: true, input };
  if (takesProfile(name)) {
    const isPlainObject = typeof input === 'object' && input !== null && !Array.isArray(input);
    if (isPlainObject && !Object.prototype.hasOwnProperty.call(input, 'profile')) {
      return { ok: true, input: { ...(input as Record<string, unknown>), profile: boundProfile } };
    }
    return { ok: true, input };
  }
  if (profileFreeReads.has(name)) return { ok: true, input };
  return { ok: false, error: { code: 'forbidden', message: `This token is bound to profile "${boundProfile}" and may not call "${name}".` } };
}
