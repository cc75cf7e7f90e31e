import { existsSync, readFileSync } from 'node:fs';
import { homedir, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The directory holding package.json, migrations/ and kb/, from source (tsx) or from dist/. */
export function packageRoot(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(directory, 'package.json');
    if (existsSync(candidate) && readPackageName(candidate) === 'cita') return directory;
    const parent = dirname(directory);
    if (parent === directory) throw new Error('cita: cannot find the package root (package.json named "cita")');
    directory = parent;
  }
}

function readPackageName(file: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name;
  } catch {
    return undefined;
  }
}

/** The app's version, from package.json. */
export function appVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/** The per-user data directory Electron would use (`app.getPath('userData')`), so CLI and app share it. */
export function defaultDataDir(): string {
  if (process.env.CITA_DATA_DIR) return resolve(process.env.CITA_DATA_DIR);
  const home = homedir();
  switch (platform()) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'cita');
    case 'win32':
      return join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'cita');
    default:
      return join(process.env.XDG_CONFIG_HOME ?? join(home, '.config'), 'cita');
  }
}

/** Where the local model lives: CITA_MODEL_DIR, else the repository's (or the packaged app's) models/. */
export function defaultModelDir(): string {
  if (process.env.CITA_MODEL_DIR) return resolve(process.env.CITA_MODEL_DIR);
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  if (resources && existsSync(join(resources, 'model'))) return join(resources, 'model');
  return join(packageRoot(), 'models', 'bge-small-en-v1.5');
}

/** Where the local reranker lives: CITA_RERANKER_DIR, else the packaged app's `reranker` resource, else the repository's models/. */
export function defaultRerankerDir(): string {
  if (process.env.CITA_RERANKER_DIR) return resolve(process.env.CITA_RERANKER_DIR);
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  if (resources && existsSync(join(resources, 'reranker'))) return join(resources, 'reranker');
  return join(packageRoot(), 'models', 'ms-marco-MiniLM-L-12-v2');
}

/** Where the multilingual embedder lives: CITA_MULTILINGUAL_DIR, else the packaged app's `multilingual` resource, else the repository's models/. */
export function defaultMultilingualDir(): string {
  if (process.env.CITA_MULTILINGUAL_DIR) return resolve(process.env.CITA_MULTILINGUAL_DIR);
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  if (resources && existsSync(join(resources, 'multilingual'))) return join(resources, 'multilingual');
  return join(packageRoot(), 'models', 'use-multilingual-v3');
}
