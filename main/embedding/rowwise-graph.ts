import { randomBytes } from 'node:crypto';
import { readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { packageRoot } from '../paths.js';
import { modelCacheDir, pythonCommand, runCommand, type FetchedModel } from './model-fetch.js';
import { checkModelFile, hashFile, loadModelManifest, type DerivedGraph, type ModelManifest } from './model-manifest.js';
import { installPythonPackages } from './python-packages.js';

/**
 * The name transformers.js loads the derived q8 graph by (`model_file_name`: it reads `onnx/<name>_quantized.onnx`
 * for dtype q8), or undefined when the manifest pins none or its path does not follow that convention.
 */
export function rowwiseModelFileName(graph: DerivedGraph | undefined): string | undefined {
  return graph ? /^onnx\/([A-Za-z0-9_.-]+)_quantized\.onnx$/.exec(graph.path)?.[1] : undefined;
}

/** Whether modelDir holds the pinned rowwise graph (size and SHA-256), or why not. */
export function checkRowwiseGraph(modelDir: string, manifest: ModelManifest): { ok: true; fileName: string } | { ok: false; problem: string } {
  const graph = manifest.rowwiseGraph;
  const fileName = rowwiseModelFileName(graph);
  if (!graph || !fileName) return { ok: false, problem: 'the model manifest pins no rowwise graph' };
  const problem = checkModelFile(join(modelDir, ...graph.path.split('/')), graph);
  return problem ? { ok: false, problem } : { ok: true, fileName };
}

export interface DeriveRowwiseOptions {
  /** The embedder's directory, already holding its verified files. */
  modelDir: string;
  manifest?: ModelManifest;
  force?: boolean;
  cacheDir?: string;
  pipCommand?: readonly string[];
  signal?: AbortSignal;
  onProgress?: (message: string) => void;
}

/**
 * Derives the rowwise q8 graph next to the embedder's files (scripts/model/bge_rowwise.py with the pinned onnx and
 * numpy wheels, installed into the cache with `pip install --no-deps --target`). The result is written under a
 * temporary name and renamed into place only when its size and SHA-256 are the manifest's: a different result (another
 * onnx, a changed script) is refused, never installed, and the embedder keeps running every q8 text alone.
 */
export async function deriveRowwiseGraph(options: DeriveRowwiseOptions): Promise<FetchedModel> {
  const manifest = options.manifest ?? loadModelManifest();
  const graph = manifest.rowwiseGraph;
  if (!graph || !rowwiseModelFileName(graph)) throw new Error('the model manifest pins no rowwise graph');
  const modelDir = resolve(options.modelDir);
  const progress = options.onProgress ?? (() => {});
  const done = (source: string): FetchedModel => ({ modelDir, source, files: [{ path: graph.path, sha256: graph.sha256, bytes: graph.bytes }] });
  if (!options.force && checkRowwiseGraph(modelDir, manifest).ok) {
    progress(`${modelDir} already holds the verified rowwise graph`);
    return done('already present');
  }
  const sourcePath = join(modelDir, ...graph.from.split('/'));
  const source = manifest.files.find((file) => file.path === graph.from);
  const sourceProblem = source ? checkModelFile(sourcePath, source) : `the manifest has no file ${graph.from}`;
  if (sourceProblem) throw new Error(`the rowwise graph is derived from the verified embedder: ${sourceProblem}; run \`npm run model:fetch -- --only embedder\``);

  const cacheDir = modelCacheDir(options.cacheDir);
  const python = pythonCommand();
  const packagesDir = join(cacheDir, 'python', `${manifest.model}-rowwise`);
  // A missing python3 is a sentence for the user, not a spawn error.
  const needsPython = (error: unknown) => {
    throw (error as NodeJS.ErrnoException).code === 'ENOENT'
      ? new Error(`deriving the batching graph needs python3 with pip (${python} could not be run); without it cita embeds every q8 text alone, with the same vectors`)
      : error;
  };
  await installPythonPackages(graph.pythonPackages, packagesDir, options.pipCommand ?? [python, '-m', 'pip'], progress, options.signal).catch(needsPython);

  const target = join(modelDir, ...graph.path.split('/'));
  await removeAbandoned(target);
  const staged = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
  try {
    progress(`Deriving ${graph.path} from ${graph.from} (${graph.script})`);
    await runCommand(python, ['-I', join(packageRoot(), ...graph.script.split('/')), packagesDir, sourcePath, staged], options.signal).catch(needsPython);
    const made = hashFile(staged);
    if (made.bytes !== graph.bytes || made.sha256 !== graph.sha256) {
      throw new Error(`${graph.script} made ${graph.path} with ${made.bytes} bytes and SHA-256 ${made.sha256}, where the manifest pins ${graph.bytes} bytes and ${graph.sha256}; not installed`);
    }
    await rename(staged, target);
  } finally {
    await rm(staged, { force: true });
  }
  return done(`derived by ${graph.script} with ${graph.pythonPackages.join(', ')}`);
}

/** Removes what a derivation killed before its `finally` (SIGKILL, power loss) left next to the target. */
async function removeAbandoned(target: string): Promise<void> {
  const prefix = `${basename(target)}.`;
  const entries = await readdir(dirname(target)).catch(() => [] as string[]);
  await Promise.all(entries.filter((name) => name.startsWith(prefix) && name.endsWith('.partial')).map((name) => rm(join(dirname(target), name), { force: true })));
}
