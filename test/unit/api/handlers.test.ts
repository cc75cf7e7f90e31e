import { describe, expect, it } from 'vitest';
import { mergeHandlerSlices, type Handlers } from '../../../main/api/handlers.js';
import { operationNames } from '../../../shared/contract.js';

/** A slice handling `names`, each with a handler that answers its own name. */
function sliceOf(names: readonly string[]): Partial<Handlers> {
  return Object.fromEntries(names.map((name) => [name, () => name])) as Partial<Handlers>;
}

const half = Math.ceil(operationNames.length / 2);

describe('merging the handler slices at start', () => {
  it('gives the full map when the slices share no operation and leave none out', () => {
    const handlers = mergeHandlerSlices([
      { owner: 'core', handlers: sliceOf(operationNames.slice(0, half)) },
      { owner: 'the foods module', handlers: sliceOf(operationNames.slice(half)) },
    ]);
    expect(Object.keys(handlers).sort()).toEqual([...operationNames].sort());
  });

  it('refuses two slices that handle the same operation, naming it and both owners', () => {
    const slices = [
      { owner: 'core', handlers: sliceOf(operationNames) },
      { owner: 'the kb module', handlers: sliceOf(['status']) },
    ];
    expect(() => mergeHandlerSlices(slices)).toThrow('cita: operation "status" has two handlers, in core and in the kb module');
  });

  it('refuses a map that leaves an operation without a handler', () => {
    expect(() => mergeHandlerSlices([{ owner: 'core', handlers: sliceOf(operationNames.filter((name) => name !== 'status')) }])).toThrow('cita: operations without a handler: status');
  });
});
