import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { channelOf, eventNames, operationNames } from '../../shared/names.js';
import type { Dispatcher } from '../api/dispatch.js';
import type { EventBus } from '../app/event-bus.js';
import { isTrustedSender } from './link-policy.js';

/** Registers one handler per contract operation; each checks the sending frame before dispatching. */
export function registerIpc(ipcMain: IpcMain, dispatcher: Dispatcher): void {
  for (const name of operationNames) {
    ipcMain.handle(channelOf(name), (event: IpcMainInvokeEvent, input: unknown) => {
      const frame = event.senderFrame;
      if (!isTrustedSender(frame?.url, frame !== null && frame === event.sender.mainFrame)) {
        return { ok: false, error: { code: 'forbidden', message: 'Refused: the request did not come from the app window.' } };
      }
      return dispatcher.call(name, input, { transport: 'ipc', role: 'editor' });
    });
  }
}

/** Forwards contract events to a window for as long as it lives. */
export function forwardEvents(events: EventBus, contents: WebContents): void {
  for (const name of eventNames) {
    const unsubscribe = events.on(name, (payload) => {
      if (!contents.isDestroyed()) contents.send(channelOf(name), payload);
    });
    contents.once('destroyed', unsubscribe);
  }
}
