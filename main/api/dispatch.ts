import { isOperationName, operations } from '../../shared/contract.js';
import type { ErrorInfo, Result } from '../../shared/result.js';
import { AppError, errorLimits, presentableError, toErrorInfo } from '../core/errors.js';
import { createReadTurns, type ReadTurns } from '../core/read-turns.js';
import type { CallContext } from './context.js';
import type { Handlers } from './handlers.js';

/**
 * The error for an input its operation's schema refuses: the first issue in the message, each issue's path in the
 * details. A body of half a million unknown keys makes one issue naming them all: only the start of it is answered.
 */
export function invalidInput(name: string, issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): ErrorInfo {
  const listed = issues.length > errorLimits.details ? errorLimits.details - 1 : issues.length;
  const details = issues.slice(0, listed).map((issue) => `${issue.path.slice(0, 8).map(String).join('.').slice(0, 80) || '(input)'}: ${issue.message}`);
  if (issues.length > listed) details.push(`… and ${issues.length - listed} more`);
  return { code: 'invalid_input', message: `The input of "${name}" is not valid: ${(issues[0]?.message ?? 'unknown problem').slice(0, 200)}.`, details };
}

export interface Dispatcher {
  /** Validates the name, the caller's role and the input, runs the handler and validates its output. */
  call(name: string, input: unknown, context: CallContext): Promise<Result<unknown>>;
}

/**
 * The single entry point every transport (IPC, HTTP, CLI) goes through. A read starts in its turn (read-turns.ts), so
 * a write that arrives during a burst of searches starts at once.
 */
export function createDispatcher(handlers: Handlers, log: (message: string) => void = (message) => console.error(message), readTurns: ReadTurns = createReadTurns()): Dispatcher {
  async function dispatch(name: string, input: unknown, context: CallContext): Promise<Result<unknown>> {
    if (!isOperationName(name)) {
      return { ok: false, error: { code: 'unknown_operation', message: `There is no operation named "${String(name).slice(0, 80)}".` } };
    }
    const spec = operations[name];
    if (spec.access === 'read') await readTurns.next();
    if (spec.access === 'write' && context.role !== 'editor') {
      return { ok: false, error: { code: 'forbidden', message: `"${name}" changes data and needs the editor role.` } };
    }
    const parsed = spec.input.safeParse(input ?? {});
    if (!parsed.success) return { ok: false, error: invalidInput(name, parsed.error.issues) };
    const boundProfile = (parsed.data as { profile?: unknown }).profile;
    if (context.profile !== undefined && boundProfile !== undefined && boundProfile !== context.profile) {
      return { ok: false, error: { code: 'forbidden', message: 'This token may only act on its own profile.' } };
    }
    try {
      const handler = handlers[name] as (input: unknown, context: CallContext) => unknown;
      const value = await handler(parsed.data, context);
      const checked = spec.output.safeParse(value);
      if (!checked.success) {
        log(`cita: output of ${name} does not match the contract: ${checked.error.message}`);
        throw new AppError('internal', `cita produced an invalid answer for "${name}"; this is a bug.`);
      }
      return { ok: true, value: checked.data };
    } catch (error) {
      const info = toErrorInfo(error);
      // A stack trace belongs in the log only for a bug: an AppError or a full disk is the user's to act on.
      if (info.code === 'internal' && !(error instanceof AppError)) log(`cita: ${name} failed: ${(error as Error)?.stack ?? String(error)}`);
      return { ok: false, error: info };
    }
  }

  return {
    async call(name, input, context) {
      const result = await dispatch(name, input, context);
      // Whatever an error repeats from the input (a name, a CSV cell) reaches terminals and logs escaped and cut.
      return result.ok ? result : { ok: false, error: presentableError(result.error) };
    },
  };
}
