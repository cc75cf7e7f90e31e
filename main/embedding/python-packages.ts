import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCommand } from './model-fetch.js';

/**
 * Installs exactly `packages` (pinned `name==version`, binary wheels, no dependencies resolved) into `packagesDir`,
 * once per cache: a marker names the set installed, and a different set replaces it. A conversion script puts the
 * directory first on its `sys.path` and runs with `python -I`, so no other installed package is seen.
 */
export async function installPythonPackages(
  packages: readonly string[],
  packagesDir: string,
  pip: readonly string[],
  progress: (message: string) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  const wanted = packages.join('\n');
  const marker = join(packagesDir, '.cita-packages');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted) {
    progress(`Using cached conversion packages in ${packagesDir}`);
    return;
  }
  progress(`Installing the conversion packages (${packages.join(', ')}) into ${packagesDir}`);
  await rm(packagesDir, { recursive: true, force: true });
  await mkdir(packagesDir, { recursive: true });
  const [command = 'pip', ...prefix] = pip;
  await runCommand(command, [...prefix, 'install', '--no-deps', '--only-binary=:all:', '--disable-pip-version-check', '--no-input', '--quiet', '--target', packagesDir, ...packages], signal);
  await writeFile(marker, wanted);
}
