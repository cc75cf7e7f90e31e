import type { ParseArgsConfig } from 'node:util';
import type { Services } from '../app/bootstrap.js';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** What a command receives: parsed flags, and the services of its data directory (opened on demand). */
export interface CommandContext {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  dataDir: string;
  json: boolean;
  services(): Promise<Services>;
  /** Prints the command's result: one JSON document with --json, else the human text. */
  print(value: unknown, human: string): void;
  /** A progress line on stderr (never on stdout, which --json keeps for the one document). */
  progress(message: string): void;
  /** Aborted by SIGINT, SIGTERM or SIGHUP; only commands with `stopsOnSignal` ever see it aborted. */
  stopSignal: AbortSignal;
}

/** One `cita` command: thin, calling the same services as the app. */
export interface Command {
  /** Words after `cita`, e.g. ['food', 'add']. */
  words: string[];
  summary: string;
  usage: string;
  options: OptionSpec;
  /** Returns the exit code; long-running commands (serve) resolve when they stop. */
  run(context: CommandContext): Promise<number>;
  /**
   * The command stops by itself, soon, when `context.stopSignal` aborts (serve, reembed, model fetch). Any other
   * command is ended at once by the signal; either way its database is left consistent and its running mark removed.
   */
  stopsOnSignal?: boolean;
  /** Long work (a bulk ingest) shows its progress on stderr with --json too: a silent half hour looks hung. */
  progressWithJson?: boolean;
}

/** A usage mistake: exit code 2 with a one-line reason. */
export class UsageError extends Error {
  override name = 'UsageError';

  /** Where in the input the mistake is (the schema's issues), printed under the message. */
  constructor(
    message: string,
    readonly details?: string[],
  ) {
    super(message);
  }
}

/** Reads a flag that must be an integer within bounds. */
export function integerFlag(values: CommandContext['values'], name: string, bounds: { min: number; max: number }): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (typeof raw !== 'string' || !/^-?\d+$/.test(raw) || value < bounds.min || value > bounds.max) {
    throw new UsageError(`--${name} must be an integer from ${bounds.min} to ${bounds.max} (got "${String(raw)}")`);
  }
  return value;
}
