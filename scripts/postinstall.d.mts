// Types of scripts/postinstall.mjs (plain JavaScript so that it runs before the build), for its tests.

export interface StepResult {
  ok: boolean;
  /** The one line the install prints for this step; null when there was nothing to say. */
  line: string | null;
}

export interface LoggedRun {
  code: number | null;
  tail: string;
  timedOut: boolean;
}

export const logDir: string;
export function runLogged(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; logFile: string; timeoutMs: number; signal?: AbortSignal }): Promise<LoggedRun>;
export function reasonOf(output: string): string;
export function installElectron(options: { electronDir: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; logFile?: string; signal?: AbortSignal }): Promise<StepResult>;
export function npmCommand(env?: NodeJS.ProcessEnv): { command: string; prefix: string[] };
export function fetchModels(options: {
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  logFile?: string;
  npm?: { command: string; prefix: string[] };
  print?: (line: string) => void;
  signal?: AbortSignal;
}): Promise<StepResult>;
