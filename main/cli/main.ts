import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createServices, type ServiceOptions, type Services } from '../app/bootstrap.js';
import { isPostgresUrl } from '../db/postgres/postgres-database.js';
import { AppError, escapeControlCharacters, presentableError, storageFailure } from '../core/errors.js';
import { exitCodeOf, listenForShutdown, type ShutdownListener } from '../app/shutdown-signals.js';
import { appVersion, defaultDataDir } from '../paths.js';
import { UsageError, type Command, type CommandContext, type OptionSpec } from './command.js';
import { commands } from './commands/index.js';

const globalOptions: OptionSpec = {
  'data-dir': { type: 'string' },
  database: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
};

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** `--database`, else CITA_DATABASE_URL: a PostgreSQL URL for the catalog, the KB and the diary, or undefined for SQLite alone. */
function databaseUrlOf(flag: unknown): string | undefined {
  const value = typeof flag === 'string' ? flag : process.env.CITA_DATABASE_URL || undefined;
  if (value === undefined) return undefined;
  if (!isPostgresUrl(value)) {
    throw new UsageError(`${typeof flag === 'string' ? '--database' : 'CITA_DATABASE_URL'} takes a postgres://… URL (SQLite is the data directory's own file)`);
  }
  return value;
}

/**
 * Runs `cita` with the given arguments; returns the exit code (0 ok, 1 failed, 2 usage). `overrides` replaces parts of
 * what the command builds (the bench's servers embed with its hashing embedder); `cita` itself passes none.
 */
export async function runCli(argv: string[], io: CliIo = processIo, overrides: Pick<ServiceOptions, 'embedder' | 'multilingual'> = {}): Promise<number> {
  const json = argv.includes('--json');
  let built: Services | undefined;
  let shutdown: ShutdownListener | undefined;
  let printer: ReturnType<typeof createProgressPrinter> | undefined;
  try {
    const words = positionalWords(argv);
    const command = findCommand(words);
    if (!command) {
      if (argv.includes('--version')) return (io.stdout(`${appVersion()}\n`), 0);
      if (words.length === 0 || argv.includes('--help') || argv.includes('-h')) return (io.stdout(helpText()), 0);
      throw new UsageError(`unknown command "${words.slice(0, 2).join(' ')}" (see "cita --help")`);
    }
    const parsed = parseFlags(command, argv);
    const values = parsed.values;
    const positionals = parsed.positionals.slice(command.words.length);
    if (values.help) return (io.stdout(`${command.summary}\n\nusage: ${command.usage}\n`), 0);
    const dataDir = resolve(typeof values['data-dir'] === 'string' ? values['data-dir'] : defaultDataDir());
    const databaseUrl = databaseUrlOf(values.database);
    // Without this, SIGTERM or SIGHUP (and SIGINT, for most commands) would kill cita before its 'exit' handlers
    // run, leaving a stale running/<pid>.json mark behind. A command that can stop cleanly is told; any other ends
    // now: SQLite rolls back what was not committed, as after a crash, and the mark goes with the 'exit' event.
    printer = createProgressPrinter(io, json && command.progressWithJson !== true);
    shutdown = listenForShutdown({ onSignal: (signal) => (command.stopsOnSignal ? undefined : process.exit(exitCodeOf(signal))) });
    const context: CommandContext = {
      values,
      positionals,
      dataDir,
      json,
      async services() {
        built ??= await createServices({ dataDir, ...overrides, ...(databaseUrl !== undefined ? { databaseUrl } : {}) });
        return built;
      },
      print(value, human) {
        // Data may hold what a terminal would obey (an ESC sequence in a food name): shown, not obeyed.
        io.stdout(json ? `${JSON.stringify(value)}\n` : `${escapeControlCharacters(human, { keepLineBreaks: true })}\n`);
      },
      progress: printer.progress,
      stopSignal: shutdown.signal,
    };
    return await command.run(context);
  } catch (error) {
    return reportError(error, json, io);
  } finally {
    await built?.close();
    printer?.flush();
    shutdown?.dispose();
  }
}

/**
 * Progress on stderr: one line redrawn in place on a terminal; otherwise at most one line a second, so logs stay
 * readable: a completed counter ("955 of 955") always shows, and the last line of a burst shows a second later
 * (so a closing "shipped data loaded" is never swallowed). Silent with --json (unless CITA_PROGRESS=1), except for
 * commands whose work is long (`progressWithJson`).
 */
function createProgressPrinter(io: CliIo, json: boolean): { progress: (message: string) => void; flush: () => void } {
  if (json && process.env.CITA_PROGRESS !== '1') return { progress: () => undefined, flush: () => undefined };
  if (process.stderr.isTTY) {
    process.once('exit', () => io.stderr('\n'));
    return { progress: (message) => io.stderr(`\r\x1b[2K${escapeControlCharacters(message)}`), flush: () => undefined };
  }
  let last = 0;
  let held: { message: string; timer: NodeJS.Timeout } | undefined;
  const write = (message: string) => {
    if (held) clearTimeout(held.timer);
    held = undefined;
    last = Date.now();
    io.stderr(`${escapeControlCharacters(message)}\n`);
  };
  return {
    progress(message) {
      const wait = last + 1000 - Date.now();
      if (wait <= 0 || / (\d+) of \1\b/.test(message)) return write(message);
      if (held) clearTimeout(held.timer);
      held = { message, timer: setTimeout(() => write(message), wait) };
      held.timer.unref();
    },
    // The command ended: a held last line is still worth reading.
    flush: () => {
      if (held) write(held.message);
    },
  };
}

/**
 * "--grams -50" as "--grams=-50": a value that reads as a negative number is the value of the option before it, so
 * the option's own check says what is wrong with it ("--grams must be …") instead of the parser calling it
 * ambiguous.
 */
export function joinNegativeValues(argv: readonly string[], options: OptionSpec): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index] as string;
    const next = argv[index + 1];
    const name = word.startsWith('--') && !word.includes('=') ? word.slice(2) : null;
    if (name !== null && options[name]?.type === 'string' && next !== undefined && /^-(?:\d|\.\d)/.test(next)) {
      joined.push(`${word}=${next}`);
      index += 1;
    } else {
      joined.push(word);
    }
  }
  return joined;
}

/** The positional words, telling flag values apart from command words. */
function positionalWords(argv: string[]): string[] {
  const options: OptionSpec = { ...globalOptions };
  for (const command of commands) Object.assign(options, command.options);
  return parseArgs({ args: joinNegativeValues(argv, options), options, strict: false, allowPositionals: true }).positionals;
}

function findCommand(words: string[]): Command | undefined {
  const matches = commands.filter((command) => command.words.every((word, index) => words[index] === word));
  return matches.sort((a, b) => b.words.length - a.words.length)[0];
}

function parseFlags(command: Command, argv: string[]): { values: CommandContext['values']; positionals: string[] } {
  try {
    const options = { ...globalOptions, ...command.options };
    const parsed = parseArgs({ args: joinNegativeValues(argv, options), options, strict: true, allowPositionals: true });
    return { values: parsed.values as CommandContext['values'], positionals: parsed.positionals };
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? 'bad arguments';
    throw new UsageError(`${message.replace(/\. To specify.*$/, '')} (usage: ${command.usage})`);
  }
}

function reportError(error: unknown, json: boolean, io: CliIo): number {
  const usage = error instanceof UsageError;
  const storage = storageFailure(error);
  const info = presentableError(
    error instanceof AppError
      ? error.toInfo()
      : usage
        ? { code: 'invalid_input' as const, message: error.message, ...(error.details ? { details: error.details } : {}) }
        : storage
          ? storage.toInfo()
          : { code: 'internal' as const, message: `unexpected failure: ${(error as Error)?.message ?? String(error)}` },
  );
  if (json) io.stdout(`${JSON.stringify({ ok: false, error: info })}\n`);
  io.stderr(`cita: ${info.message}\n`);
  for (const detail of info.details?.slice(0, 20) ?? []) io.stderr(`  ${detail}\n`);
  return usage ? 2 : 1;
}

function helpText(): string {
  const width = Math.max(...commands.map((command) => command.words.join(' ').length));
  return [
    'cita — offline retrieval that answers only from what it retrieved',
    '',
    'usage: cita <command> [options]',
    '',
    'commands:',
    ...commands.map((command) => `  ${command.words.join(' ').padEnd(width)}  ${command.summary}`),
    '',
    'global options:',
    "  --data-dir DIR  database and indexes (default: the app's user-data directory)",
    "  --database URL  postgres://… (or CITA_DATABASE_URL): the data catalog, the clinical KB and the diary's entries live in that PostgreSQL; the rest stays in --data-dir",
    '  --json          print one JSON document on stdout',
    '  --help          help for cita or for a command',
    '',
  ].join('\n');
}
