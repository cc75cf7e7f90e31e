import type { z } from 'zod';
import type { OperationName, Operations } from '../../shared/contract.js';
import type { CallContext } from './context.js';

/** One operation's implementation: receives validated input, returns the output (validated at the boundary). */
export type Handler<N extends OperationName> = (
  input: z.output<Operations[N]['input']>,
  context: CallContext,
) => Promise<z.input<Operations[N]['output']>> | z.input<Operations[N]['output']>;

/** The full handler map; each feature contributes its slice. */
export type Handlers = { [N in OperationName]: Handler<N> };

/** A feature's part of the handler map. */
export type HandlerSlice<K extends OperationName> = { [N in K]: Handler<N> };
