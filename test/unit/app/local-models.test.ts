import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchLocalModels, parseOnlyFlag } from '../../../main/app/local-models.js';
import type { FetchModelOptions } from '../../../main/embedding/model-fetch.js';
import { defaultModelDir, defaultMultilingualDir, defaultRerankerDir } from '../../../main/paths.js';

/** Records what each fetch was asked for; a model named in `failing` fails the way a real fetch does. */
function recordingFetch(failing: string[] = []) {
  const calls: FetchModelOptions[] = [];
  const fetch = async (options: FetchModelOptions) => {
    calls.push(options);
    const model = options.manifest?.model ?? '?';
    if (failing.includes(model)) throw new Error(`No source could provide the model ${model}.`);
    return { modelDir: options.modelDir, source: 'test', files: [] };
  };
  return { calls, fetch };
}

describe('fetching the local models', () => {
  it("fetches the embedder first, then the reranker, then the multilingual embedder, each into its own directory, then the embedder's batching graph into the embedder's", async () => {
    const { calls, fetch } = recordingFetch();
    const outcomes = await fetchLocalModels({ fetch });
    expect(calls.map((call) => [call.manifest?.model, call.modelDir])).toEqual([
      ['bge-small-en-v1.5', defaultModelDir()],
      ['ms-marco-MiniLM-L-12-v2', defaultRerankerDir()],
      ['use-multilingual-v3', defaultMultilingualDir()],
      ['bge-small-en-v1.5', defaultModelDir()],
    ]);
    expect(outcomes.map((outcome) => [outcome.model, outcome.ok])).toEqual([
      ['embedder', true],
      ['reranker', true],
      ['multilingual', true],
      ['batching', true],
    ]);
  });

  it('still fetches the other models when the embedder fails, and reports which failed and why', async () => {
    const { calls, fetch } = recordingFetch(['bge-small-en-v1.5']);
    const outcomes = await fetchLocalModels({ fetch });
    expect(calls).toHaveLength(4);
    expect(outcomes[0]).toMatchObject({ model: 'embedder', ok: false, message: 'No source could provide the model bge-small-en-v1.5.' });
    expect(outcomes[1]).toMatchObject({ model: 'reranker', ok: true });
    expect(outcomes[2]).toMatchObject({ model: 'multilingual', ok: true });
    expect(outcomes[3]).toMatchObject({ model: 'batching', ok: false });
  });

  it('fetches one model with --only, and a --from or --model-dir without --only means the embedder alone', async () => {
    const only = recordingFetch();
    await fetchLocalModels({ only: 'reranker', fetch: only.fetch });
    expect(only.calls.map((call) => call.manifest?.model)).toEqual(['ms-marco-MiniLM-L-12-v2']);

    const directed = recordingFetch();
    await fetchLocalModels({ modelDir: '/tmp/somewhere', from: 'archive.tar.gz', fetch: directed.fetch });
    expect(directed.calls.map((call) => [call.manifest?.model, call.modelDir, call.from])).toEqual([['bge-small-en-v1.5', '/tmp/somewhere', join(process.cwd(), 'archive.tar.gz')]]);

    const batching = recordingFetch();
    const outcomes = await fetchLocalModels({ only: 'batching', fetch: batching.fetch });
    expect(outcomes.map((outcome) => [outcome.model, outcome.ok])).toEqual([['batching', true]]);
    expect(batching.calls.map((call) => call.modelDir)).toEqual([defaultModelDir()]);
  });

  it('stops at a cancel instead of moving on to the next model', async () => {
    const controller = new AbortController();
    const fetch = async (options: FetchModelOptions) => {
      controller.abort(new Error('interrupted'));
      options.signal?.throwIfAborted();
      throw new Error('unreachable');
    };
    await expect(fetchLocalModels({ fetch, signal: controller.signal })).rejects.toThrow('interrupted');
  });

  it('reads --only, naming the choices when it is wrong', () => {
    expect(parseOnlyFlag(undefined)).toBeUndefined();
    expect(parseOnlyFlag('reranker')).toBe('reranker');
    expect(parseOnlyFlag('multilingual')).toBe('multilingual');
    expect(parseOnlyFlag('batching')).toBe('batching');
    expect(parseOnlyFlag('llm')).toEqual(new Error('--only must be embedder or reranker or multilingual or batching (got "llm")'));
  });
});
