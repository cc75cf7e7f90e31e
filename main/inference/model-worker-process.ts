/**
 * A model process of the query pool (model-pool.ts): the same work as the model thread, in a process of its own,
 * because onnxruntime-node 1.21 aborts when a second thread of one process runs inference (model-worker-protocol.ts).
 * Started by model-worker.ts with an IPC channel; it ends when its parent goes.
 */
import type { ModelWorkerRequest } from './model-worker-protocol.js';
import { serveModels } from './model-worker-serve.js';

const send = process.send?.bind(process);
if (!send) throw new Error('model-worker-process must be started with an IPC channel');
serveModels({ post: (reply) => send(reply), onMessage: (listener) => process.on('message', (request) => listener(request as ModelWorkerRequest)) });
// The parent closed the channel (it exited or ended the pool): nothing is left to serve.
process.on('disconnect', () => process.exit(0));
