import { describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../../main/api/dispatch.js';
import { ipcHandlerFor, registerIpc, type IpcSender } from '../../../main/electron/ipc-bridge.js';
import { channelOf, operationNames } from '../../../shared/names.js';

function spyDispatcher(): Dispatcher & { call: ReturnType<typeof vi.fn> } {
  return { call: vi.fn(async () => ({ ok: true as const, value: 'dispatched' })) };
}

/** An invoke event from a frame at `url`; `main` says whether it is the window's top frame. */
function eventFrom(url: string | null, main = true): IpcSender {
  const frame = url === null ? null : ({ url } as IpcSender['senderFrame']);
  const other = { url: 'app://cita/index.html' } as IpcSender['senderFrame'];
  return { senderFrame: frame, sender: { mainFrame: main ? frame : other } } as unknown as IpcSender;
}

describe('IPC sender validation', () => {
  it('dispatches a call from the app top frame, as editor over ipc', async () => {
    const dispatcher = spyDispatcher();
    const result = await ipcHandlerFor('status', dispatcher)(eventFrom('app://cita/index.html'), {});
    expect(result).toEqual({ ok: true, value: 'dispatched' });
    expect(dispatcher.call).toHaveBeenCalledWith('status', {}, { transport: 'ipc', role: 'editor' });
  });

  it.each([
    ['a foreign page loaded in the window', eventFrom('https://evil.example/')],
    ['a look-alike custom origin', eventFrom('app://cita.evil/index.html')],
    ['a file:// page', eventFrom('file:///tmp/x.html')],
    ['a sub-frame of the app', eventFrom('app://cita/index.html', false)],
    ['a frame that is gone', eventFrom(null)],
  ])('refuses a call from %s without dispatching', async (_label, event) => {
    const dispatcher = spyDispatcher();
    const result = await ipcHandlerFor('foods.add', dispatcher)(event, { name: 'x' });
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(dispatcher.call).not.toHaveBeenCalled();
  });

  it('registers one checked handler per contract operation and nothing else', async () => {
    const handlers = new Map<string, (event: IpcSender, input: unknown) => unknown>();
    const dispatcher = spyDispatcher();
    registerIpc({ handle: (channel: string, handler: (event: IpcSender, input: unknown) => unknown) => void handlers.set(channel, handler) } as never, dispatcher);
    expect([...handlers.keys()].sort()).toEqual(operationNames.map(channelOf).sort());
    for (const handler of handlers.values()) {
      expect(await handler(eventFrom('https://evil.example/'), {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(dispatcher.call).not.toHaveBeenCalled();
  });
});
