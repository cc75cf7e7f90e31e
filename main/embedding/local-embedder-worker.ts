/**
 * Runs bge-small inference in a worker thread so the caller's event loop never waits on the model.
 * Started once per process by local-embedder.ts; each embedder is a session here; messages below only.
 */
import { parentPort } from 'node:worker_threads';
import { env, pipeline, type FeatureExtractionPipeline } from '@huggingface/transformers';

export interface LocalSessionConfig {
  /** Parent directory of the model directory: transformers.js resolves `modelRoot/modelName/...`. */
  modelRoot: string;
  modelName: string;
  dtype: 'q8' | 'fp32';
  threads: number;
  batchSize: number;
  dimensions: number;
}

export type LocalEmbedderRequest =
  | { type: 'open'; session: number; config: LocalSessionConfig }
  | { type: 'embed'; id: number; session: number; texts: string[] }
  | { type: 'cancel'; id: number }
  | { type: 'release'; session: number };

export type LocalEmbedderReply =
  | { type: 'opened'; session: number }
  | { type: 'open-failed'; session: number; message: string }
  /** All vectors of one request, row after row, in input order. */
  | { type: 'vectors'; id: number; data: Float32Array }
  | { type: 'error'; id: number; message: string; cancelled: boolean }
  | { type: 'released'; session: number };

interface Session {
  extractor: FeatureExtractionPipeline;
  config: LocalSessionConfig;
}

function serve(): void {
  const port = parentPort;
  if (!port) throw new Error('local-embedder-worker must run in a worker thread');
  const post = (reply: LocalEmbedderReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);
  const sessions = new Map<number, Session>();
  const cancelled = new Set<number>();
  // Everything runs in arrival order: one inference thread, no competition between requests.
  let queue = Promise.resolve();
  const enqueue = (task: () => Promise<void>) => {
    queue = queue.then(task);
  };

  // The app never downloads during use: only verified local directories are read.
  env.allowRemoteModels = false;
  env.allowLocalModels = true;

  async function open(session: number, config: LocalSessionConfig): Promise<void> {
    try {
      env.localModelPath = config.modelRoot; // read while the pipeline loads; loads never overlap (queue)
      const extractor = await pipeline('feature-extraction', config.modelName, {
        dtype: config.dtype,
        session_options: {
          intraOpNumThreads: config.threads,
          interOpNumThreads: 1,
          // Spinning intra-op threads made inference ~3x slower on the 2-core target; idle threads must sleep.
          extra: { session: { intra_op: { allow_spinning: '0' } } },
        },
      });
      sessions.set(session, { extractor, config });
      post({ type: 'opened', session });
    } catch (error) {
      post({ type: 'open-failed', session, message: (error as Error).message });
    }
  }

  async function embed(id: number, session: Session, texts: string[]): Promise<void> {
    const { batchSize, dimensions } = session.config;
    const data = new Float32Array(texts.length * dimensions);
    // Similar lengths share a batch so little padding is computed; a stable sort keeps batches reproducible.
    const order = texts.map((_, index) => index).sort((a, b) => (texts[a]?.length ?? 0) - (texts[b]?.length ?? 0));
    for (let start = 0; start < order.length; start += batchSize) {
      // Cancel messages arrive while inference is awaited (ONNX Runtime runs off this thread's event loop).
      if (cancelled.delete(id)) {
        post({ type: 'error', id, message: 'cancelled', cancelled: true });
        return;
      }
      const indices = order.slice(start, start + batchSize);
      const output = await session.extractor(
        indices.map((index) => texts[index] ?? ''),
        { pooling: 'cls', normalize: true },
      );
      const values = output.data as Float32Array;
      if (values.length !== indices.length * dimensions) {
        throw new Error(`the model returned ${values.length / indices.length} dimensions, expected ${dimensions}`);
      }
      indices.forEach((inputIndex, row) => data.set(values.subarray(row * dimensions, (row + 1) * dimensions), inputIndex * dimensions));
      output.dispose();
    }
    cancelled.delete(id);
    post({ type: 'vectors', id, data }, [data.buffer as ArrayBuffer]);
  }

  port.on('message', (request: LocalEmbedderRequest) => {
    switch (request.type) {
      case 'cancel':
        cancelled.add(request.id);
        return;
      case 'open':
        enqueue(() => open(request.session, request.config));
        return;
      case 'release':
        enqueue(async () => {
          await sessions.get(request.session)?.extractor.dispose();
          sessions.delete(request.session);
          post({ type: 'released', session: request.session });
        });
        return;
      case 'embed':
        enqueue(async () => {
          const session = sessions.get(request.session);
          try {
            if (!session) throw new Error(`no open session ${request.session}`);
            await embed(request.id, session, request.texts);
          } catch (error) {
            cancelled.delete(request.id);
            post({ type: 'error', id: request.id, message: (error as Error).message, cancelled: false });
          }
        });
        return;
    }
  });
}

serve();
