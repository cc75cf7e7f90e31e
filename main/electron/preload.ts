import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { channelOf, eventNames, operationNames } from '../../shared/names.js';

// Bundled to CommonJS (sandboxed preloads cannot load modules); exposes two functions and nothing else.
const operations = new Set<string>(operationNames);
const events = new Set<string>(eventNames);

contextBridge.exposeInMainWorld('cita', {
  invoke(name: unknown, input: unknown) {
    if (typeof name !== 'string' || !operations.has(name)) {
      return Promise.resolve({ ok: false, error: { code: 'unknown_operation', message: `There is no operation named "${String(name).slice(0, 80)}".` } });
    }
    return ipcRenderer.invoke(channelOf(name), input);
  },
  on(event: unknown, listener: unknown) {
    if (typeof event !== 'string' || !events.has(event) || typeof listener !== 'function') return () => undefined;
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => (listener as (payload: unknown) => void)(payload);
    ipcRenderer.on(channelOf(event), wrapped);
    return () => ipcRenderer.removeListener(channelOf(event), wrapped);
  },
});
