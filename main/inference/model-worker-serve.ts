/**
 * What a model worker does, whichever kind it is (the process's model thread, or a model process of the query pool):
 * it holds ONNX sessions and runs them in the order of model-run-queue.ts, one thing at a time. Messages only.
 */
import { env } from '@huggingface/transformers';
import { openRerankingSession } from './reranking-session.js';
import { openEmbeddingSession } from './embedding-session.js';
import { openMultilingualSession } from './multilingual-session.js';
import { openOnnxCeilingSession } from './onnx-ceiling-session.js';
import { takeNext, type QueueEntry } from './model-run-queue.js';
import type { MergeGroup, WorkerSession } from './worker-session.js';
import { textBatchKinds, type ModelKind, type ModelKinds, type ModelWorkerReply, type ModelWorkerRequest, type WorkerSessionOf } from './model-worker-protocol.js';

type RunRequest = Extract<ModelWorkerRequest, { type: 'run' }>;
type QueuedRequest = RunRequest & { size: number };

const openers: { [K in ModelKind]: (config: ModelKinds[K]['config']) => Promise<WorkerSessionOf<K>> } = {
  embedding: openEmbeddingSession,
  reranking: openRerankingSession,
  multilingual: openMultilingualSession,
  ceiling: openOnnxCeilingSession,
};

/** How a worker talks to its host: a thread's parent port or a child process's IPC channel. */
export interface ModelWorkerPort {
  /** `transfer` lists buffers a thread may hand over instead of copying; a process copies them. */
  post(reply: ModelWorkerReply, transfer?: ArrayBuffer[]): void;
  onMessage(listener: (request: ModelWorkerRequest) => void): void;
}

/** The session's group for a read, if it keys them; a session that cannot key an input runs that read alone. */
function mergeGroupOf(session: WorkerSessionOf<ModelKind>, input: unknown): MergeGroup | undefined {
  try {
    return (session as WorkerSession<unknown, unknown>).mergeGroup?.(input);
  } catch {
    // An input it cannot read (not a list of texts) runs alone, and its run reports what is wrong with it.
    return undefined;
  }
}

/** Serves the host's requests on `port` until the thread or process ends. */
export function serveModels(port: ModelWorkerPort): void {
  const post = (reply: ModelWorkerReply, transfer: ArrayBuffer[] = []) => port.post(reply, transfer);
  const sessions = new Map<number, { kind: ModelKind; session: WorkerSessionOf<ModelKind> }>();
  const cancelled = new Set<number>();
  // One thing at a time, in the order of model-run-queue.ts: writes before reads, reads of one session merged.
  const queue: QueueEntry<QueuedRequest, () => Promise<void>>[] = [];
  let pumping = false;
  const pump = async () => {
    if (pumping) return;
    pumping = true;
    for (let step = takeNext(queue); step; step = takeNext(queue)) {
      if ('control' in step) await step.control();
      else await run(step.runs);
    }
    pumping = false;
  };
  const enqueue = (entry: QueueEntry<QueuedRequest, () => Promise<void>>) => {
    queue.push(entry);
    void pump();
  };

  // The app never downloads during use: only verified local directories are read.
  env.allowRemoteModels = false;
  env.allowLocalModels = true;

  async function open(request: Extract<ModelWorkerRequest, { type: 'open' }>): Promise<void> {
    try {
      const opener = openers[request.kind] as (config: unknown) => Promise<WorkerSessionOf<ModelKind>>;
      sessions.set(request.session, { kind: request.kind, session: await opener(request.config) });
      post({ type: 'opened', session: request.session });
    } catch (error) {
      post({ type: 'open-failed', session: request.session, message: (error as Error).message });
    }
  }

  /** Runs one request, or several reads of one text session as one call whose rows are handed back to each. */
  async function run(requests: RunRequest[]): Promise<void> {
    const ids = requests.map((request) => request.id);
    try {
      const first = requests[0] as RunRequest;
      const entry = sessions.get(first.session);
      if (!entry) throw new Error(`no open session ${first.session}`);
      // Cancel messages arrive while inference is awaited (ONNX Runtime runs off this thread's event loop); a merged
      // call stops only when every request in it was cancelled.
      const isCancelled = () => ids.every((id) => cancelled.has(id));
      const input = requests.length === 1 ? first.input : requests.flatMap((request) => request.input as string[]);
      const result = await entry.session.run(input, isCancelled);
      if (!result) {
        for (const id of ids) post({ type: 'error', id, message: 'cancelled', cancelled: true });
      } else if (requests.length === 1) {
        post({ type: 'result', id: first.id, output: result.output }, result.transfer ?? []);
      } else {
        const rows = result.output as Float32Array;
        const width = rows.length / (input as string[]).length;
        let offset = 0;
        for (const request of requests) {
          const count = (request.input as string[]).length;
          const output = rows.slice(offset * width, (offset + count) * width);
          offset += count;
          post({ type: 'result', id: request.id, output }, [output.buffer]);
        }
      }
    } catch (error) {
      for (const id of ids) post({ type: 'error', id, message: (error as Error).message, cancelled: false });
    } finally {
      for (const id of ids) cancelled.delete(id);
    }
  }

  port.onMessage((request) => {
    switch (request.type) {
      case 'cancel':
        cancelled.add(request.id);
        return;
      case 'open':
        enqueue({ control: () => open(request) });
        return;
      case 'run': {
        // Merging is only honoured for text kinds, whatever a caller asks, and within the group the session names.
        const entry = sessions.get(request.session);
        const textKind = request.order.merge && entry !== undefined && textBatchKinds.includes(entry.kind);
        const keyed = textKind ? mergeGroupOf(entry.session, request.input) : undefined;
        const merge = textKind && (keyed !== undefined || !entry.session.mergeGroup);
        const size = Array.isArray(request.input) ? request.input.length : 1;
        enqueue({ run: { ...request, order: { ...request.order, merge }, size, ...(keyed ? { group: keyed } : {}) } });
        return;
      }
      case 'release':
        enqueue({
          control: async () => {
            // A session that fails to dispose is gone all the same: the host is answered and the queue goes on.
            await sessions
              .get(request.session)
              ?.session.dispose()
              .catch(() => undefined);
            sessions.delete(request.session);
            post({ type: 'released', session: request.session });
          },
        });
        return;
    }
  });
}
