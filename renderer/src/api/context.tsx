import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
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

export type Loadable<T> =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; value: T };

/** Calls a read operation when its input changes; exposes loading / error / ready and a reload. */
export function useOperation<N extends OperationName>(
  name: N,
  input: OperationInput<N> | null,
): [Loadable<OperationOutput<N>>, () => void] {
  const api = useApi();
  const [state, setState] = useState<Loadable<OperationOutput<N>>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(input);
  useEffect(() => {
    if (input === null) return;
    let current = true;
    setState({ state: 'loading' });
    api.call(name, input).then(
      (value) => current && setState({ state: 'ready', value }),
      (error: unknown) => current && setState({ state: 'error', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
    // `key` stands in for `input`: an equal input does not call again.
  }, [api, name, key, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return [state, reload];
}

/** A sentence for the user, never a stack trace. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.info.message;
  return 'Something went wrong; please try again.';
}
