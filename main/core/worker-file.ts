import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { AppError } from './errors.js';

/**
 * Starts the worker file `name` that sits beside the module at `besideUrl` (its `import.meta.url`). The worker is
 * JavaScript once tsc has built dist/, and TypeScript under vitest/tsx. Node 20 ignores `--import tsx` in a worker's
 * execArgv, so a TypeScript worker starts from a tiny shim that registers tsx's loader and then imports the real
 * worker file.
 */
export function startWorkerFile(besideUrl: string, name: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const extension = extname(fileURLToPath(besideUrl));
  const script = new URL(`./${name}${extension}`, besideUrl);
  if (extension !== '.ts') return new Worker(script, { execArgv: [], ...options });
  const shim = `import(${JSON.stringify(tsxEsmApi().href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); });`;
  return new Worker(shim, { execArgv: [], ...options, eval: true });
}

/** The ESM entry of `tsx/esm/api`, read from tsx's package exports (require.resolve would give the CommonJS one). */
function tsxEsmApi(): URL {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, { import?: { default?: string } }> };
  const entry = manifest.exports['./esm/api']?.import?.default;
  if (!entry) throw new AppError('unavailable', 'tsx has no ESM entry for tsx/esm/api; cannot start a TypeScript worker');
  return pathToFileURL(join(dirname(manifestPath), entry));
}
