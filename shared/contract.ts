import { z } from 'zod';
import { appImportOperations } from './contract/app-import.js';
import { askOperations } from './contract/ask.js';
import { catalogOperations } from './contract/catalog.js';
import { jobInfoSchema } from './contract/common.js';
import { coreOperations } from './contract/core.js';
import { demoOperations } from './contract/demo.js';
import { diaryOperations } from './contract/diary.js';
import { foodsOperations } from './contract/foods.js';
import { kbOperations } from './contract/kb.js';
import { manualsOperations } from './contract/manuals.js';
import { searchOperations } from './contract/search.js';
import { eventNames as eventNameList, operationNames as operationNameList } from './names.js';

/**
 * The one contract between the renderer, IPC, the local HTTP API and the CLI. Each feature declares its
 * operations in shared/contract/<feature>.ts; this file joins them. Nothing else names a channel.
 */
export * from './contract/app-import.js';
export * from './contract/ask.js';
export * from './contract/catalog.js';
export * from './contract/common.js';
export * from './contract/core.js';
export * from './contract/demo.js';
export * from './contract/diary.js';
export * from './contract/foods.js';
export * from './contract/kb.js';
export * from './contract/manuals.js';
export * from './contract/search.js';

export const operations = {
  ...coreOperations,
  ...searchOperations,
  ...askOperations,
  ...foodsOperations,
  ...diaryOperations,
  ...appImportOperations,
  ...kbOperations,
  ...manualsOperations,
  ...catalogOperations,
  ...demoOperations,
};

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type OperationInput<N extends OperationName> = z.input<Operations[N]['input']>;
export type OperationOutput<N extends OperationName> = z.output<Operations[N]['output']>;

export const operationNames: readonly OperationName[] = operationNameList;

/** True when `name` is an operation of the contract. */
export function isOperationName(name: string): name is OperationName {
  return Object.prototype.hasOwnProperty.call(operations, name);
}

/** Events main pushes to the renderer (progress of long jobs). */
export const events = {
  'job.progress': jobInfoSchema,
} as const;

export type EventName = keyof typeof events;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

// Compile-time proof that names.ts (used by the preload) lists exactly the contract's operations and events.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const operationNamesMatch: Same<OperationName, (typeof operationNameList)[number]> = true;
const eventNamesMatch: Same<EventName, (typeof eventNameList)[number]> = true;
void operationNamesMatch;
void eventNamesMatch;
