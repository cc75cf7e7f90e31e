import type { ReadTurns } from '../../main/core/read-turns.js';
import type { ModelWorkerReply, ModelWorkerRequest } from '../../main/inference/model-worker-protocol.js';
import { ModelWorkerHost, type ModelWorkerChannel } from '../../main/inference/model-worker.js';

/** A worker that opens anything and answers each run when the test says so, recording what it was sent. */
export function standInWorker(readTurns?: ReadTurns) {
  const runs: { id: number; input: unknown; order: unknown }[] = [];
  let listener: (reply: ModelWorkerReply) => void = () => undefined;
  let failure: (reason: Error) => void = () => undefined;
  const channel: ModelWorkerChannel = {
    post(request: ModelWorkerRequest) {
      if (request.type === 'open') queueMicrotask(() => listener({ type: 'opened', session: request.session }));
      if (request.type === 'release') queueMicrotask(() => listener({ type: 'released', session: request.session }));
      if (request.type === 'run') runs.push({ id: request.id, input: request.input, order: request.order });
    },
    onMessage: (next) => (listener = next),
    onFailure: (next) => (failure = next),
    ref: () => undefined,
    unref: () => undefined,
  };
  return {
    host: new ModelWorkerHost(channel, readTurns),
    runs,
    answerAll: () => runs.splice(0).forEach((run) => listener({ type: 'result', id: run.id, output: new Float32Array([1]) })),
    failAll: (message: string) => runs.splice(0).forEach((run) => listener({ type: 'error', id: run.id, message, cancelled: false })),
    die: () => failure(new Error('the model process exited')),
  };
}
