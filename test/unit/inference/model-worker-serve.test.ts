/**
 * How a model worker groups queued reads (model-worker-serve.ts): reads of a session that names groups (q8 queries
 * through the rowwise graph, by token length) share a call only within their group, and a read the session cannot
 * group runs alone. The session is a stand-in that records each call.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ModelWorkerReply, ModelWorkerRequest } from '../../../main/inference/model-worker-protocol.js';
import type { WorkerSession } from '../../../main/inference/worker-session.js';

const calls: string[][] = [];
let releaseFirstCall: () => void = () => undefined;

/** Groups texts by length (2 make a call worth sharing); texts starting "long" have no group. */
const standInSession: WorkerSession<string[], Float32Array> = {
  mergeGroup: (texts) => (texts.length === 1 && !texts[0]?.startsWith('long') ? { key: texts[0]?.length ?? 0, minimum: 2 } : undefined),
  async run(texts) {
    calls.push([...texts]);
    if (calls.length === 1) await new Promise<void>((resolve) => (releaseFirstCall = resolve));
    return { output: Float32Array.from(texts, (text) => text.length) };
  },
  dispose: async () => undefined,
};

vi.mock('../../../main/inference/embedding-session.js', () => ({ openEmbeddingSession: async () => standInSession }));

describe('the model worker serving queued reads', () => {
  it('merges the queued reads of one group, runs reads of no group alone, and answers each read with its own row', async () => {
    const { serveModels } = await import('../../../main/inference/model-worker-serve.js');
    const replies: ModelWorkerReply[] = [];
    let send: (request: ModelWorkerRequest) => void = () => undefined;
    serveModels({ post: (reply) => replies.push(reply), onMessage: (listener) => (send = listener) });
    send({ type: 'open', session: 1, kind: 'embedding', config: { modelRoot: '/nowhere', modelName: 'none', dtype: 'q8', threads: 1, batchSize: 1, dimensions: 1 } });
    await vi.waitFor(() => expect(replies).toContainEqual({ type: 'opened', session: 1 }));

    const read = { priority: 'read', merge: true } as const;
    const texts = ['busy', 'abc', 'de', 'fgh', 'long one', 'long two', 'ij'];
    texts.forEach((text, index) => send({ type: 'run', id: index, session: 1, input: [text], order: read }));
    releaseFirstCall();
    await vi.waitFor(() => expect(replies.filter((reply) => reply.type === 'result')).toHaveLength(texts.length));

    expect(calls).toEqual([['busy'], ['abc', 'fgh'], ['de', 'ij'], ['long one'], ['long two']]);
    for (const reply of replies) if (reply.type === 'result') expect(Array.from(reply.output as Float32Array)).toEqual([texts[reply.id]?.length]);
  });
});
