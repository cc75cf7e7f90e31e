import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManualSource, shippedManualsDirectory } from '../../../main/corpora/manuals/manual-files.js';
import { manualSections } from '../../../main/corpora/manuals/manual-tree.js';
import { repositoryRoot } from '../../helpers/cli.js';

const { manuals } = await readManualSource(shippedManualsDirectory());

describe('the shipped manuals and their question set', () => {
  const keys = new Set(manuals.flatMap((manual) => manualSections(manual.id, manual.title, manual.body).map((section) => section.itemKey)));

  it('are at least three long manuals, each with its source, licence and commit recorded in the README', () => {
    expect(manuals.length).toBeGreaterThanOrEqual(3);
    const readme = readFileSync(join(shippedManualsDirectory(), 'README.md'), 'utf8');
    for (const manual of manuals) {
      expect(manual.body.length).toBeGreaterThan(50_000);
      expect(readme).toContain(`\`${manual.id}.md\``);
    }
    expect(readme.match(/commit [0-9a-f]{40}|3\.40\.1-2\+deb12u2/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('name only sections that exist, and hold at least 25 questions, some in Spanish and some with no answer', () => {
    const set = JSON.parse(readFileSync(join(repositoryRoot, 'kb', 'eval', 'manuals.json'), 'utf8')) as { queries: Array<{ expected: string[]; subset?: string; answerable?: boolean }> };
    expect(set.queries.length).toBeGreaterThanOrEqual(25);
    expect(set.queries.some((query) => query.subset === 'es')).toBe(true);
    expect(set.queries.some((query) => query.answerable === false && query.expected.length === 0)).toBe(true);
    const unknown = set.queries.flatMap((query) => query.expected).filter((key) => !keys.has(key));
    expect(unknown).toEqual([]);
  });
});
