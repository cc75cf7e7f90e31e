import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../helpers/cli.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const depcruise = join(repositoryRoot, 'node_modules', '.bin', 'depcruise');

/** Runs the shipped import rules over `directories` of `root`, as `npm run lint:imports` does over the repository. */
function checkImports(root: string, directories: string[]): { status: number | null; output: string } {
  const result = spawnSync(depcruise, [...directories, '--config', join(repositoryRoot, '.dependency-cruiser.cjs'), '--output-type', 'err'], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('the import rules (npm run lint:imports)', () => {
  it('pass on the repository as it is', () => {
    const { status, output } = checkImports(repositoryRoot, ['main', 'shared', 'renderer/src']);
    expect(output).toMatch(/0 errors/);
    expect(status).toBe(0);
  });

  it('refuse a renderer file that imports Node or main/, and shared/ that imports main/', () => {
    const root = tempDir();
    copyFileSync(join(repositoryRoot, 'tsconfig.json'), join(root, 'tsconfig.json'));
    write(root, 'tsconfig.node.json', JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' }, include: ['main/**/*', 'shared/**/*'] }));
    write(root, 'tsconfig.web.json', JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' }, include: ['renderer/**/*', 'shared/**/*'] }));
    write(root, 'main/db/connection.ts', 'export const open = () => 1;\n');
    write(root, 'shared/ok.ts', 'export const fine = 1;\n');
    write(root, 'renderer/src/screen.ts', "import { readFileSync } from 'node:fs';\nimport { open } from '../../main/db/connection';\nimport { fine } from '../../shared/ok';\nexport const x = [readFileSync, open, fine];\n");
    write(root, 'shared/leak.ts', "import { open } from '../main/db/connection';\nexport const y = open;\n");
    const { status, output } = checkImports(root, ['main', 'shared', 'renderer/src']);
    expect(status).not.toBe(0);
    expect(output).toMatch(/renderer-no-node: renderer\/src\/screen\.ts → node:fs|renderer-no-node: renderer\/src\/screen\.ts → fs/);
    expect(output).toMatch(/renderer-sees-renderer-and-shared: renderer\/src\/screen\.ts → main\/db\/connection\.ts/);
    expect(output).toMatch(/shared-sees-shared: shared\/leak\.ts → main\/db\/connection\.ts/);
    expect(output).not.toMatch(/screen\.ts → shared\/ok\.ts/);
  });
});
