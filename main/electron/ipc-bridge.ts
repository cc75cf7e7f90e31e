import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { channelOf, eventNames, operationNames } from '../../shared/names.js';
import type { Result } from '../../shared/result.js';
import type { Dispatcher } from '../api/dispatch.js';
import type { EventBus } from '../core/event-bus.js';
import { isTrustedSender } from './link-policy.js';

/** The part of an invoke event the sender check reads (a test can build one without Electron). */
export type IpcSender = Pick<IpcMainInvokeEvent, 'senderFrame'> & { sender: Pick<IpcMainInvokeEvent['sender'], 'mainFrame'> };

/** One operation's IPC handler: answers only the app's own top frame, then dispatches (which validates the input). */
export function ipcHandlerFor(name: string, dispatcher: Dispatcher): (event: IpcSender, input: unknown) => Promise<Result<unknown>> {
  return async (event, input) => {
    const frame = event.senderFrame;
    if (!isTrustedSender(frame?.url, frame !== null && frame === event.sender.mainFrame)) {
      return { ok: false, error: { code: 'forbidden', message: 'Refused: the request did not come from the app window.' } };
    }
    return dispatcher.call(name, input, { transport: 'ipc', role: 'editor' });
  };
}

/** Registers one handler per contract operation; each checks the sending frame before dispatching. */
export function registerIpc(ipcMain: Pick<IpcMain, 'handle'>, dispatcher: Dispatcher): void {
  for (const name of operationNames) ipcMain.handle(channelOf(name), ipcHandlerFor(name, dispatcher));
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
