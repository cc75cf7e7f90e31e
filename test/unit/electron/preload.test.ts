import { beforeAll, describe, expect, it, vi } from 'vitest';
import { channelOf, eventNames, operationNames } from '../../../shared/names.js';

const exposed: Record<string, unknown> = {};
const invoke = vi.fn(async () => ({ ok: true }));
const on = vi.fn();
const removeListener = vi.fn();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
  ipcRenderer: { invoke, on, removeListener },
}));

interface Bridge {
  invoke(name: unknown, input: unknown): Promise<unknown>;
  on(event: unknown, listener: unknown): () => void;
}

beforeAll(async () => {
  await import('../../../main/electron/preload.js');
});

describe('the preload bridge', () => {
  it('exposes exactly two functions under window.cita', () => {
    expect(Object.keys(exposed)).toEqual(['cita']);
    expect(Object.keys(exposed.cita as object).sort()).toEqual(['invoke', 'on']);
  });

  it('forwards a contract operation to its channel', async () => {
    const bridge = exposed.cita as Bridge;
    await bridge.invoke(operationNames[0], { a: 1 });
    expect(invoke).toHaveBeenCalledWith(channelOf(operationNames[0] as string), { a: 1 });
  });

  it.each([
    ['an unknown name', 'fs.readFile'],
    ['a raw channel', 'cita:status'],
    ['not a string', { toString: (): string => 'status' }],
    ['a prototype key', '__proto__'],
  ])('refuses %s without touching IPC', async (_label, name) => {
    invoke.mockClear();
    const bridge = exposed.cita as Bridge;
    expect(await bridge.invoke(name, {})).toMatchObject({ ok: false, error: { code: 'unknown_operation' } });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('subscribes only to contract events with a function, and unsubscribes', () => {
    const bridge = exposed.cita as Bridge;
    on.mockClear();
    bridge.on('ipc-message', () => undefined)();
    bridge.on(eventNames[0], 'not a function')();
    expect(on).not.toHaveBeenCalled();
    const unsubscribe = bridge.on(eventNames[0], () => undefined);
    expect(on).toHaveBeenCalledWith(channelOf(eventNames[0]), expect.any(Function));
    unsubscribe();
    expect(removeListener).toHaveBeenCalled();
  });

  it('hands listeners the payload only, never the IPC event (which carries a sender)', () => {
    const bridge = exposed.cita as Bridge;
    on.mockClear();
    const listener = vi.fn();
    bridge.on(eventNames[0], listener);
    const wrapped = on.mock.calls[0]?.[1] as (event: unknown, payload: unknown) => void;
    wrapped({ sender: 'ipcRenderer' }, { job: 'x' });
    expect(listener).toHaveBeenCalledWith({ job: 'x' });
  });
});
