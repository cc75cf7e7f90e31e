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

/** A temporary repository with the tsconfig files the import rules resolve with, for planting violations in. */
function plantedRoot(): string {
  const root = tempDir();
  copyFileSync(join(repositoryRoot, 'tsconfig.json'), join(root, 'tsconfig.json'));
  write(root, 'tsconfig.node.json', JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' }, include: ['main/**/*', 'shared/**/*'] }));
  write(root, 'tsconfig.web.json', JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' }, include: ['renderer/**/*', 'shared/**/*'] }));
  return root;
}

describe('the import rules (npm run lint:imports)', () => {
  it('pass on the repository as it is', () => {
    const { status, output } = checkImports(repositoryRoot, ['main', 'shared', 'renderer/src']);
    expect(output).toMatch(/no dependency violations found/);
    expect(status).toBe(0);
  });

  it('refuse a renderer file that imports Node or main/, and shared/ that imports main/', () => {
    const root = plantedRoot();
    write(root, 'main/db/connection.ts', 'export const open = () => 1;\n');
    write(root, 'shared/ok.ts', 'export const fine = 1;\n');
    write(
      root,
      'renderer/src/screen.ts',
      "import { readFileSync } from 'node:fs';\nimport { open } from '../../main/db/connection';\nimport { fine } from '../../shared/ok';\nexport const x = [readFileSync, open, fine];\n",
    );
    write(root, 'shared/leak.ts', "import { open } from '../main/db/connection';\nexport const y = open;\n");
    const { status, output } = checkImports(root, ['main', 'shared', 'renderer/src']);
    expect(status).not.toBe(0);
    expect(output).toMatch(/renderer-no-node: renderer\/src\/screen\.ts → node:fs|renderer-no-node: renderer\/src\/screen\.ts → fs/);
    expect(output).toMatch(/renderer-sees-renderer-and-shared: renderer\/src\/screen\.ts → main\/db\/connection\.ts/);
    expect(output).toMatch(/shared-sees-shared: shared\/leak\.ts → main\/db\/connection\.ts/);
    expect(output).not.toMatch(/screen\.ts → shared\/ok\.ts/);
  });

  it('refuse two files that import each other, even for types only', () => {
    const root = plantedRoot();
    write(root, 'main/retrieval/store.ts', "import type { Loader } from './loader';\nexport interface Store { loader: Loader }\n");
    write(root, 'main/retrieval/loader.ts', "import type { Store } from './store';\nexport interface Loader { store: Store }\n");
    const { status, output } = checkImports(root, ['main']);
    expect(status).not.toBe(0);
    expect(output).toMatch(/error no-circular: main\/retrieval\/(store|loader)\.ts/);
  });

  it('refuse an import from a lower folder of main/ into a higher one, and let the higher one import the lower', () => {
    const root = plantedRoot();
    write(root, 'main/core/errors.ts', 'export class AppError extends Error {}\n');
    write(root, 'main/app/bootstrap.ts', "import { AppError } from '../core/errors';\nexport const services = [AppError];\n");
    write(root, 'main/app/wiring.ts', "import { open } from '../db/connection';\nexport const wired = open;\n");
    write(root, 'main/db/connection.ts', "import { AppError } from '../core/errors';\nimport { services } from '../app/bootstrap';\nexport const open = () => [AppError, services];\n");
    write(root, 'main/corpora/foods/foods.ts', "import { diary } from '../diary/diary';\nexport const foods = diary;\n");
    write(root, 'main/corpora/diary/diary.ts', 'export const diary = 1;\n');
    write(root, 'main/newfolder/thing.ts', "import { AppError } from '../core/errors';\nexport const thing = AppError;\n");
    const { status, output } = checkImports(root, ['main']);
    expect(status).not.toBe(0);
    expect(output).toMatch(/error layer-db: main\/db\/connection\.ts → main\/app\/bootstrap\.ts/);
    expect(output).toMatch(/error corpus-not-other-corpus: main\/corpora\/foods\/foods\.ts → main\/corpora\/diary\/diary\.ts/);
    expect(output).toMatch(/error main-folder-has-a-layer: main\/newfolder\/thing\.ts → main\/core\/errors\.ts/);
    expect(output).not.toMatch(/no-circular/);
    expect(output).not.toMatch(/main\/app\/wiring\.ts → main\/db\/connection\.ts/);
    expect(output).not.toMatch(/main\/(app|db)\/[a-z]+\.ts → main\/core\/errors\.ts/);
  });
  it("let the manuals import the KB's chunking and nothing of its search, and no other corpus", () => {
    const root = plantedRoot();
    write(root, 'main/corpora/kb/chunking.ts', 'export const chunk = 1;\n');
    write(root, 'main/corpora/kb/kb-search.ts', 'export const search = 1;\n');
    write(root, 'main/corpora/foods/foods.ts', 'export const foods = 1;\n');
    write(
      root,
      'main/corpora/manuals/manuals.ts',
      "import { chunk } from '../kb/chunking';\nimport { search } from '../kb/kb-search';\nimport { foods } from '../foods/foods';\nexport const manuals = [chunk, search, foods];\n",
    );
    const { status, output } = checkImports(root, ['main']);
    expect(status).not.toBe(0);
    expect(output).toMatch(/error manuals-see-kb-text: main\/corpora\/manuals\/manuals\.ts → main\/corpora\/kb\/kb-search\.ts/);
    expect(output).toMatch(/error manuals-see-kb-text: main\/corpora\/manuals\/manuals\.ts → main\/corpora\/foods\/foods\.ts/);
    expect(output).not.toMatch(/manuals\.ts → main\/corpora\/kb\/chunking\.ts/);
  });
});
