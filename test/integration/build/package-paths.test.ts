import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repositoryRoot } from '../../helpers/cli.js';

// `npm test` builds first, so every path the packaging names must exist by the time this runs. A wrong path here
// means a desktop app that does not start (package.json "main" once named a file the build never wrote).
const packageJson = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
  main: string;
  bin: Record<string, string>;
  scripts: Record<string, string>;
};
const builder = parse(readFileSync(join(repositoryRoot, 'electron-builder.yml'), 'utf8')) as {
  files: string[];
  asarUnpack: string[];
  extraResources: Array<{ from: string; to: string }>;
};

/** A glob of electron-builder's (`**`, `*`) as a regular expression over /-separated relative paths. */
function globToRegExp(glob: string): RegExp {
  const source = glob
    .split(/(\*\*\/|\*\*|\*)/)
    .map((part) => (part === '**/' ? '(?:.*/)?' : part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** Files under `directory` (relative to the repository, /-separated), `depth` levels deep at most. */
function filesUnder(directory: string, depth: number): string[] {
  const absolute = join(repositoryRoot, directory);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return [directory];
  if (depth === 0) return [];
  return readdirSync(absolute)
    .flatMap((name) => filesUnder(join(directory, name), depth - 1))
    .map((path) => path.split(sep).join('/'));
}

/** Existing paths (relative to the repository) whose segments match `segments`, each a name or a "*" glob. */
function matchingPaths(segments: readonly string[], base = ''): string[] {
  const [first, ...rest] = segments;
  if (first === undefined) return [base];
  const directory = join(repositoryRoot, base);
  if (!existsSync(directory) || !statSync(directory).isDirectory()) return [];
  const regexp = globToRegExp(first);
  return readdirSync(directory)
    .filter((name) => regexp.test(name))
    .flatMap((name) => matchingPaths(rest, base ? `${base}/${name}` : name));
}

/** Whether the model directory is expected: in CI always (missing is a failure), elsewhere skipped loudly. */
function modelExpected(directory: string): boolean {
  if (existsSync(join(repositoryRoot, directory))) return true;
  if (process.env.CI === 'true') return true;
  console.warn(`\n!!! SKIPPING the electron-builder extraResources check for ${directory}: it is missing (npm run model:fetch). !!!\n`);
  return false;
}

describe('every path the packaging names exists after the build', () => {
  it('package.json "main" is the built Electron entry, with the preload it loads next to it', () => {
    const main = join(repositoryRoot, packageJson.main);
    expect(existsSync(main), packageJson.main).toBe(true);
    expect(readFileSync(main, 'utf8')).toMatch(/from 'electron'/);
    expect(existsSync(join(repositoryRoot, 'dist', 'main', 'electron', 'preload.cjs'))).toBe(true);
  });

  it('package.json "bin" entries exist, and so do what they run', () => {
    for (const [name, path] of Object.entries(packageJson.bin)) expect(existsSync(join(repositoryRoot, path)), `${name}: ${path}`).toBe(true);
    expect(existsSync(join(repositoryRoot, 'dist', 'main', 'cli', 'run.js'))).toBe(true);
  });

  it('the scripts npm runs by itself name files that exist', () => {
    for (const script of ['start', 'postinstall']) {
      const file = /^node (\S+)/.exec(packageJson.scripts[script] ?? '')?.[1];
      expect(file && existsSync(join(repositoryRoot, file)), `${script}: ${packageJson.scripts[script]}`).toBe(true);
    }
  });

  it('each electron-builder "files" pattern matches files (the exclusions aside)', () => {
    const candidates = ['dist', 'migrations', 'kb', 'package.json'].flatMap((top) => filesUnder(top, 8));
    for (const pattern of builder.files.filter((entry) => !entry.startsWith('!'))) {
      const regexp = globToRegExp(pattern);
      expect(candidates.filter((file) => regexp.test(file)).length, pattern).toBeGreaterThan(0);
    }
    expect(candidates.filter((file) => globToRegExp('dist/renderer/index.html').test(file))).toHaveLength(1);
  });

  it('each electron-builder "asarUnpack" pattern names an installed package', () => {
    for (const pattern of builder.asarUnpack) {
      // "**/node_modules/<package>[/<dir>]/**": the folder it unpacks must be there (segments may hold a "*").
      const folder = pattern.replace(/^\*\*\//, '').replace(/\/\*\*$/, '');
      expect(matchingPaths(folder.split('/')).length, pattern).toBeGreaterThan(0);
    }
  });

  it('each electron-builder "extraResources" source exists (the model: after npm run model:fetch, always in CI)', () => {
    for (const resource of builder.extraResources) {
      if (!modelExpected(resource.from)) continue;
      const files = filesUnder(resource.from, 4);
      expect(files.length, `${resource.from} (run "npm run model:fetch")`).toBeGreaterThan(0);
    }
  });

  it('the pattern matcher itself tells a match from a miss', () => {
    expect(globToRegExp('dist/**').test('dist/main/cli/run.js')).toBe(true);
    expect(globToRegExp('**/node_modules/sqlite-vec-*/**').test('node_modules/sqlite-vec-linux-x64/x')).toBe(true);
    expect(globToRegExp('**/node_modules/sqlite-vec/**').test('node_modules/sqlite-vec-linux-x64/x')).toBe(false);
    expect(globToRegExp('dist/app/electron-main.js').test(relative(repositoryRoot, join(repositoryRoot, 'dist/main/electron/electron-main.js')))).toBe(false);
  });
});
