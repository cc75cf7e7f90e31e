import { operations, type EventName, type EventPayload, type OperationInput, type OperationName, type OperationOutput, events } from '../../../shared/contract';
import type { ErrorInfo } from '../../../shared/result';
import type { Transport } from './transport';

/** An operation that failed, with a message a user can act on. */
export class ApiError extends Error {
  readonly info: ErrorInfo;
  constructor(info: ErrorInfo) {
    super(info.message);
    this.info = info;
  }
}

export interface ApiClient {
  call<N extends OperationName>(name: N, input: OperationInput<N>): Promise<OperationOutput<N>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** The one renderer client: typed by the contract, and checking every answer against it. */
export function createApiClient(transport: Transport): ApiClient {
  return {
    async call(name, input) {
      const result = await transport.invoke(name, input);
      if (!result.ok) throw new ApiError(result.error);
      const parsed = operations[name].output.safeParse(result.value);
      if (!parsed.success) throw new ApiError({ code: 'internal', message: `cita sent an answer to "${name}" that does not match the contract.` });
      return parsed.data as OperationOutput<typeof name>;
    },
    on(event, listener) {
      return transport.on(event, (payload) => {
        const parsed = events[event].safeParse(payload);
        if (parsed.success) listener(parsed.data);
      });
    },
  };
}
