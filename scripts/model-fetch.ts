/**
 * `npm run model:fetch -- [--from DIR_OR_ARCHIVE] [--model-dir DIR] [--force]`
 * Places the pinned bge-small-en-v1.5 model in the model directory and verifies it (see main/embedding/model-fetch.ts).
 */
import { parseArgs } from 'node:util';
import { fetchModel } from '../main/embedding/model-fetch.js';
import { defaultModelDir } from '../main/paths.js';

const usage = 'usage: tsx scripts/model-fetch.ts [--from DIR_OR_ARCHIVE] [--model-dir DIR] [--force]';

async function main(): Promise<number> {
  let values: { from?: string | undefined; 'model-dir'?: string | undefined; force?: boolean | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      options: {
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

  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort(new Error('interrupted')));
  const started = performance.now();
  try {
    const result = await fetchModel({
      modelDir: values['model-dir'] ?? defaultModelDir(),
      ...(values.from ? { from: values.from } : {}),
      force: values.force ?? false,
      signal: controller.signal,
      onProgress: (message) => console.log(`model:fetch  ${message}`),
    });
    console.log(`model:fetch  source: ${result.source}`);
    for (const file of result.files) console.log(`model:fetch  ${file.sha256}  ${String(file.bytes).padStart(10)}  ${file.path}`);
    console.log(`model:fetch  done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${result.modelDir}`);
    return 0;
  } catch (error) {
    console.error(`model:fetch  FAILED: ${(error as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
