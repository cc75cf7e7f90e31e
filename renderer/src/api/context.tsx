import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { OperationInput, OperationName, OperationOutput } from '../../../shared/contract';
import { ApiError, type ApiClient } from './client';

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

/** The contract client of this window. */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi outside ApiProvider');
  return client;
}

export type Loadable<T> = { state: 'loading' } | { state: 'error'; message: string; code?: string } | { state: 'ready'; value: T };

/**
 * Calls a read operation when its input changes; exposes loading / error / ready and a reload. A null input
 * waits. With `keepWhileReloading`, a reload of the same input keeps showing the last value (no flash back to
 * "loading", and whatever the screen shows around it keeps its state); a new input always shows "loading".
 */
export function useOperation<N extends OperationName>(name: N, input: OperationInput<N> | null, options: { keepWhileReloading?: boolean } = {}): [Loadable<OperationOutput<N>>, () => void] {
  const api = useApi();
  const [state, setState] = useState<Loadable<OperationOutput<N>>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(input);
  const keep = options.keepWhileReloading ?? false;
  // The input the shown value answers: only a reload of that same input may keep showing it.
  const shownKey = useRef<string | null>(null);
  useEffect(() => {
    if (input === null) return;
    let current = true;
    setState((previous) => (keep && previous.state === 'ready' && shownKey.current === key ? previous : { state: 'loading' }));
    api.call(name, input).then(
      (value) => {
        if (!current) return;
        shownKey.current = key;
        setState({ state: 'ready', value });
      },
      (error: unknown) => current && setState(errorState(error)),
    );
    return () => {
      current = false;
    };
    // `key` stands in for `input`: an equal input does not call again.
  }, [api, name, key, generation, keep]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return [state, reload];
}

export type ActionState<T> = { state: 'idle' } | { state: 'running' } | { state: 'error'; message: string; code?: string; details?: string[] } | { state: 'done'; value: T };

/**
 * A write (or an on-demand read) started by the user: `run` calls the operation once, returns its value or
 * null on failure, and the state says what happened. Only the latest run updates the state.
 */
export function useAction<N extends OperationName>(name: N): [ActionState<OperationOutput<N>>, (input: OperationInput<N>) => Promise<OperationOutput<N> | null>, () => void] {
  const api = useApi();
  const [state, setState] = useState<ActionState<OperationOutput<N>>>({ state: 'idle' });
  const latest = useRef(0);
  const run = useCallback(
    async (input: OperationInput<N>) => {
      const ticket = ++latest.current;
      setState({ state: 'running' });
      try {
        const value = await api.call(name, input);
        if (ticket === latest.current) setState({ state: 'done', value });
        return value;
      } catch (error) {
        if (ticket === latest.current) {
          const info = error instanceof ApiError ? error.info : undefined;
          setState({ state: 'error', message: messageOf(error), ...(info ? { code: info.code } : {}), ...(info?.details ? { details: info.details } : {}) });
        }
        return null;
      }
    },
    [api, name],
  );
  const reset = useCallback(() => {
    latest.current++;
    setState({ state: 'idle' });
  }, []);
  return [state, run, reset];
}

function errorState(error: unknown): { state: 'error'; message: string; code?: string } {
  return error instanceof ApiError ? { state: 'error', message: error.info.message, code: error.info.code } : { state: 'error', message: messageOf(error) };
}

/** A sentence for the user, never a stack trace. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.info.message;
  return 'Something went wrong; please try again.';
}
