import type { EventName, EventPayload } from '../../shared/contract.js';

type Listener<E extends EventName> = (payload: EventPayload<E>) => void;

/** Contract events from services to whichever transports are listening (IPC windows, HTTP streams, CLI). */
export interface EventBus {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Returns the function that unsubscribes. */
  on<E extends EventName>(event: E, listener: Listener<E>): () => void;
}

export function createEventBus(): EventBus {
  const listeners = new Map<EventName, Set<Listener<EventName>>>();
  return {
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
}
