import type { z } from 'zod';
import { operationNames, type OperationName, type Operations } from '../../shared/contract.js';
import type { CallContext } from './context.js';

/** One operation's implementation: receives validated input, returns the output (validated at the boundary). */
export type Handler<N extends OperationName> = (input: z.output<Operations[N]['input']>, context: CallContext) => Promise<z.input<Operations[N]['output']>> | z.input<Operations[N]['output']>;

/** The full handler map; each feature contributes its slice. */
export type Handlers = { [N in OperationName]: Handler<N> };

/** A feature's part of the handler map. */
export type HandlerSlice<K extends OperationName> = { [N in K]: Handler<N> };

/**
 * The full map from the features' slices, each named by its owner. Two slices handling one operation, or an
 * operation nobody handles, is a wiring mistake: it throws at start, naming the operations (and both owners).
 */
export function mergeHandlerSlices(slices: ReadonlyArray<{ owner: string; handlers: Partial<Handlers> }>): Handlers {
  const merged: Partial<Handlers> = {};
  const ownerOf = new Map<string, string>();
  for (const { owner, handlers } of slices) {
    for (const name of Object.keys(handlers)) {
      const first = ownerOf.get(name);
      if (first !== undefined) throw new Error(`cita: operation "${name}" has two handlers, in ${first} and in ${owner}`);
      ownerOf.set(name, owner);
    }
    Object.assign(merged, handlers);
  }
  const missing = operationNames.filter((name) => typeof merged[name] !== 'function');
  if (missing.length > 0) throw new Error(`cita: operations without a handler: ${missing.join(', ')}`);
  return merged as Handlers;
}
