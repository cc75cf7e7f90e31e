/**
 * The process's one model worker thread: every ONNX session (the embedder's, the reranker's, the multilingual
 * embedder's) lives and runs here, so the caller's event loop never waits on a model and onnxruntime-node is only
 * ever used from one thread of this process (see model-worker-protocol.ts). Started by model-worker.ts.
 */
import { parentPort } from 'node:worker_threads';
import { serveModels } from './model-worker-serve.js';

const port = parentPort;
if (!port) throw new Error('model-worker-thread must run in a worker thread');
serveModels({ post: (reply, transfer) => port.postMessage(reply, transfer ?? []), onMessage: (listener) => port.on('message', listener) });
