/**
 * `npm run model:fetch -- [--only embedder|reranker|multilingual|batching] [--from DIR_OR_ARCHIVE] [--model-dir DIR] [--force]`
 * Places the pinned local models (the bge-small-en-v1.5 embedder, the ms-marco-MiniLM-L-12-v2 reranker, the
 * USE-multilingual-v3 embedder, then the embedder's batching graph, derived from its q8 file) in their directories and
 * verifies them (see main/embedding/model-fetch.ts). A failure of one is reported, the others are still fetched, and the
 * exit code is 1. `--from` and `--model-dir` name one model: the embedder unless `--only` says another.
 */
import { parseArgs } from 'node:util';
import { fetchLocalModels, localModelNames, parseOnlyFlag } from '../main/app/local-models.js';

const usage = `usage: tsx scripts/model-fetch.ts [--only ${localModelNames.join('|')}] [--from DIR_OR_ARCHIVE] [--model-dir DIR] [--force]`;

async function main(): Promise<number> {
  let values: {
    only?: string | undefined;
    from?: string | undefined;
    'model-dir'?: string | undefined;
    force?: boolean | undefined;
    help?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      options: {
        only: { type: 'string' },
        from: { type: 'string' },
        'model-dir': { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const only = parseOnlyFlag(values.only);
  if (only instanceof Error) {
    console.error(`${only.message}\n${usage}`);
    return 2;
  }

  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort(new Error('interrupted')));
  try {
    const outcomes = await fetchLocalModels({
      ...(only ? { only } : {}),
      ...(values.from ? { from: values.from } : {}),
      ...(values['model-dir'] ? { modelDir: values['model-dir'] } : {}),
      force: values.force ?? false,
      signal: controller.signal,
      onProgress: (model, message) => console.log(`model:fetch  ${model}  ${message}`),
    });
    for (const outcome of outcomes) {
      const tag = `model:fetch  ${outcome.model}`;
      if (!outcome.ok) {
        console.error(`${tag}  FAILED: ${outcome.message}`);
        continue;
      }
      console.log(`${tag}  source: ${outcome.fetched.source}`);
      for (const file of outcome.fetched.files) console.log(`${tag}  ${file.sha256}  ${String(file.bytes).padStart(10)}  ${file.path}`);
      console.log(`${tag}  done in ${outcome.seconds.toFixed(1)} s: ${outcome.fetched.modelDir}`);
    }
    const failed = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.model);
    if (failed.length > 0) {
      console.error(`model:fetch  FAILED: ${failed.join(' and ')} not installed (${outcomes.length - failed.length} of ${outcomes.length} installed)`);
      return 1;
    }
    return 0;
  } catch (error) {
    console.error(`model:fetch  FAILED: ${(error as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
