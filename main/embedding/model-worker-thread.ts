/**
 * The process's one model worker thread: every ONNX session (the embedder's, the reranker's, the multilingual embedder's) lives and runs here,
 * so the caller's event loop never waits on a model and onnxruntime-node is only ever used from one thread (see
 * model-worker-protocol.ts). Started by model-worker.ts; messages only.
 */
import { parentPort } from 'node:worker_threads';
import { env } from '@huggingface/transformers';
import { openRerankingSession } from '../reranking/reranking-session.js';
import { openEmbeddingSession } from './embedding-session.js';
import { openMultilingualSession } from './multilingual-session.js';
import { openOnnxCeilingSession } from './onnx-ceiling-session.js';
import type { ModelKind, ModelKinds, ModelWorkerReply, ModelWorkerRequest, WorkerSession } from './model-worker-protocol.js';

const openers: { [K in ModelKind]: (config: ModelKinds[K]['config']) => Promise<WorkerSession<K>> } = {
  embedding: openEmbeddingSession,
  reranking: openRerankingSession,
  multilingual: openMultilingualSession,
  ceiling: openOnnxCeilingSession,
};

function serve(): void {
  const port = parentPort;
  if (!port) throw new Error('model-worker-thread must run in a worker thread');
  const post = (reply: ModelWorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);
  const sessions = new Map<number, WorkerSession<ModelKind>>();
  const cancelled = new Set<number>();
  // Everything runs in arrival order: one inference thread, no competition between requests.
  let queue = Promise.resolve();
  const enqueue = (task: () => Promise<void>) => {
    queue = queue.then(task);
  };

  // The app never downloads during use: only verified local directories are read.
  env.allowRemoteModels = false;
  env.allowLocalModels = true;

  async function open(request: Extract<ModelWorkerRequest, { type: 'open' }>): Promise<void> {
    try {
      const opener = openers[request.kind] as (config: unknown) => Promise<WorkerSession<ModelKind>>;
      sessions.set(request.session, await opener(request.config));
      post({ type: 'opened', session: request.session });
    } catch (error) {
      post({ type: 'open-failed', session: request.session, message: (error as Error).message });
    }
  }

  async function run(request: Extract<ModelWorkerRequest, { type: 'run' }>): Promise<void> {
    const { id } = request;
    try {
      const session = sessions.get(request.session);
      if (!session) throw new Error(`no open session ${request.session}`);
      // Cancel messages arrive while inference is awaited (ONNX Runtime runs off this thread's event loop).
      const result = await session.run(request.input as never, () => cancelled.has(id));
      if (!result) post({ type: 'error', id, message: 'cancelled', cancelled: true });
      else post({ type: 'result', id, output: result.output }, result.transfer ?? []);
    } catch (error) {
      post({ type: 'error', id, message: (error as Error).message, cancelled: false });
    } finally {
      cancelled.delete(id);
    }
  }

  port.on('message', (request: ModelWorkerRequest) => {
    switch (request.type) {
      case 'cancel':
        cancelled.add(request.id);
        return;
      case 'open':
        enqueue(() => open(request));
        return;
      case 'run':
        enqueue(() => run(request));
        return;
      case 'release':
        enqueue(async () => {
          await sessions.get(request.session)?.dispose();
          sessions.delete(request.session);
          post({ type: 'released', session: request.session });
        });
        return;
    }
  });
}

serve();
