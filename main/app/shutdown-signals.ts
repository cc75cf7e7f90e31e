/** The signals that ask a process to stop: Ctrl+C, `kill` (and service managers), a closed terminal. */
export const shutdownSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type ShutdownSignal = (typeof shutdownSignals)[number];

/** The shell's exit code for a process ended by `signal` (128 + its number). */
export function exitCodeOf(signal: ShutdownSignal): number {
  return { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 }[signal];
}

export interface ShutdownListener {
  /** Aborted (its reason the signal's name) by the first of SIGINT, SIGTERM or SIGHUP. */
  signal: AbortSignal;
  /** Stops listening; Node's default handling of the signals comes back. */
  dispose(): void;
}

export interface ShutdownOptions {
  /** Called once, with the first signal, after `signal` is aborted. */
  onSignal?: (signal: ShutdownSignal) => void;
  /** A repeat of a signal within this window is the same request (default 1 s); a later one ends the process at once. */
  repeatWindowMs?: number;
}

/**
 * Turns SIGINT, SIGTERM and SIGHUP into one AbortSignal, so a long-running process stops the same way whichever
 * arrives: it closes its database and removes its running mark, where Node's default would kill it mid-way. Ctrl+C
 * in a terminal reaches both `npm start` (which forwards it) and its child, so a repeat that arrives at once is
 * absorbed; one sent later (the user insisting) exits at once, still through the 'exit' handlers.
 */
export function listenForShutdown(options: ShutdownOptions = {}): ShutdownListener {
  const controller = new AbortController();
  const repeatWindowMs = options.repeatWindowMs ?? 1000;
  let firstAt = 0;
  const handlers = shutdownSignals.map((name) => {
    const handler = () => {
      if (!controller.signal.aborted) {
        firstAt = Date.now();
        controller.abort(name);
        options.onSignal?.(name);
        return;
      }
      if (Date.now() - firstAt > repeatWindowMs) process.exit(exitCodeOf(name));
    };
    process.on(name, handler);
    return [name, handler] as const;
  });
  return {
    signal: controller.signal,
    dispose() {
      for (const [name, handler] of handlers) process.off(name, handler);
    },
  };
}

/** Resolves when `signal` aborts (at once if it already has). */
export function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
