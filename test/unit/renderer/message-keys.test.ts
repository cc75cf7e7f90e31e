import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from '../../../renderer/src/i18n/en.js';

const sourceRoot = fileURLToPath(new URL('../../../renderer/src', import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

function has(key: string): boolean {
  const lookup = (path: string) => path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  return typeof lookup(key) === 'string' || typeof lookup(`${key}_other`) === 'string';
}

describe('messages used by the screens', () => {
  it('every literal message key in the renderer exists in the translations (a missing one would show its key)', () => {
    const missing: string[] = [];
    let seen = 0;
    for (const file of sourceFiles(sourceRoot)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([A-Za-z0-9_.-]+)'/g)) {
        seen++;
        if (!has(match[1] as string)) missing.push(`${file.slice(sourceRoot.length + 1)}: ${match[1]}`);
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
