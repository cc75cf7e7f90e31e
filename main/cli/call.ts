import { operations, type OperationName } from '../../shared/contract.js';
import { invalidInput } from '../api/dispatch.js';
import { AppError } from '../core/errors.js';
import { UsageError, type CommandContext } from './command.js';

/**
 * Calls a contract operation exactly as IPC and HTTP do; an error becomes an AppError for the CLI to print. Values
 * the command passed on unchecked and the operation's schema refuses (`--meal brunch`, `--strategy bogus`) are a
 * usage mistake (exit 2), found before any model or database is opened; the dispatcher checks them again. What a
 * file holds (`fromFile`: the input keys read from one, such as a diary CSV) is not: a file the operation refuses
 * fails the operation (exit 1).
 */
export async function callOperation(context: CommandContext, name: OperationName, input: unknown, options: { fromFile?: readonly string[] } = {}): Promise<unknown> {
  const checked = operations[name].input.safeParse(input ?? {});
  const fromFile = new Set(options.fromFile ?? []);
  if (!checked.success && !checked.error.issues.some((issue) => fromFile.has(String(issue.path[0])))) {
    const { message, details } = invalidInput(name, checked.error.issues);
    throw new UsageError(message, details);
  }
  const services = await context.services();
  const result = await services.dispatcher.call(name, input, { transport: 'cli', role: 'editor' });
  if (!result.ok) throw new AppError(result.error.code, result.error.message, result.error.details);
  return result.value;
}
