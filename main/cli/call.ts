import type { OperationName } from '../../shared/contract.js';
import { AppError } from '../core/errors.js';
import type { CommandContext } from './command.js';

/** Calls a contract operation exactly as IPC and HTTP do; an error becomes an AppError for the CLI to print. */
export async function callOperation(context: CommandContext, name: OperationName, input: unknown): Promise<unknown> {
  const services = await context.services();
  const result = await services.dispatcher.call(name, input, { transport: 'cli', role: 'editor' });
  if (!result.ok) throw new AppError(result.error.code, result.error.message, result.error.details);
  return result.value;
}
