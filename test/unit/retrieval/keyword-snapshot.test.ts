import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KeywordDocument, KeywordIndexOptions } from '../../../main/retrieval/keyword-index.js';
import { openKeywordIndex } from '../../../main/retrieval/keyword-snapshot.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const options: KeywordIndexOptions = { fields: ['name'], combineWith: 'AND' };

/** Rows as a database would hold them: a version that changes on every write. */
function table(names: string[]) {
  const rows = new Map(names.map((name, index) => [index + 1, { name, version: 1 }]));
  return {
    rows,
    write(id: number, name: string) {
      rows.set(id, { name, version: (rows.get(id)?.version ?? 0) + 1 });
    },
    source(file: string, extra: Partial<KeywordIndexOptions> = {}) {
      return {
        file,
        options: { ...options, ...extra },
        minimumDocuments: 3,
        documents: (): KeywordDocument[] => [...rows].map(([id, row]) => ({ id, owner: null, fields: { name: row.name } })),
        rowVersions: () => [...rows].map(([id, row]) => `${id}:${row.version}`),
        count: () => rows.size,
      };
    },
  };
}

const ids = (hits: Array<{ id: number }>) => hits.map((hit) => hit.id);

describe('keyword index snapshots', () => {
  it('starts from a snapshot only when it matches the rows, and answers the same', () => {
    const file = join(tempDir(), 'keyword', 'foods.json');
    const rows = table(['Orange pulp', 'Lemon juice', 'Lime sweet pulp', 'Pummelo']);
    const first = openKeywordIndex(rows.source(file));
    expect(first.from).toBe('rows');
    expect(first.save()).toEqual({ written: true });
    expect(first.save()).toEqual({ written: false });

    const second = openKeywordIndex(rows.source(file));
    expect(second.from).toBe('snapshot');
    expect(ids(second.index.search('pulp', { limit: 5 }))).toEqual(ids(first.index.search('pulp', { limit: 5 })));

    // A row written while the snapshot was on disk (another process, a restore, a crash before saving): rebuilt.
    rows.write(2, 'Lemon rind');
    const third = openKeywordIndex(rows.source(file));
    expect(third.from).toBe('rows');
    expect(ids(third.index.search('rind', { limit: 5 }))).toEqual([2]);
    expect(third.index.search('juice', { limit: 5 })).toEqual([]);
  });

  it('rebuilds when the index settings changed or the file is damaged, and never leaves a temporary file', () => {
    const directory = tempDir();
    const file = join(directory, 'foods.json');
    const rows = table(['Orange pulp', 'Lemon juice', 'Lime sweet pulp']);
    openKeywordIndex(rows.source(file)).save();
    expect(openKeywordIndex(rows.source(file, { combineWith: 'OR' })).from).toBe('rows');
    writeFileSync(file, '{"format":"cita-keyword-snapshot:1","fingerprint":"x"}\n{not json');
    expect(openKeywordIndex(rows.source(file)).from).toBe('rows');
    writeFileSync(file, 'garbage');
    const opened = openKeywordIndex(rows.source(file));
    expect(opened.from).toBe('rows');
    expect(ids(opened.index.search('lemon', { limit: 5 }))).toEqual([2]);
    expect(readdirSync(directory).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps no snapshot below the threshold or when the index does not hold every row', () => {
    const file = join(tempDir(), 'foods.json');
    const rows = table(['Orange pulp', 'Lemon juice', 'Lime sweet pulp']);
    const opened = openKeywordIndex(rows.source(file));
    rows.rows.set(4, { name: 'Written around the index', version: 1 });
    expect(opened.save()).toEqual({ written: false });
    expect(existsSync(file)).toBe(false);
    rows.rows.delete(4);
    rows.rows.delete(3);
    expect(openKeywordIndex(rows.source(file)).save()).toEqual({ written: false });
    expect(existsSync(file)).toBe(false);
  });

  it('compacts an index restored from a snapshot by reading the rows again', () => {
    const file = join(tempDir(), 'foods.json');
    const rows = table(Array.from({ length: 600 }, (_, index) => `Food ${index} original`));
    openKeywordIndex(rows.source(file)).save();
    const restored = openKeywordIndex(rows.source(file));
    expect(restored.from).toBe('snapshot');
    for (let round = 0; round < 2; round += 1) {
      for (let id = 1; id <= 600; id += 1) {
        rows.write(id, `Food ${id} edited ${round}`);
        restored.index.upsert({ id, owner: null, fields: { name: rows.rows.get(id)?.name ?? '' } });
      }
    }
    expect(restored.index.dirt()).toBeLessThan(600);
    expect(restored.index.search('original', { limit: 5 })).toEqual([]);
    expect(restored.index.search('edited 1', { limit: 1000 })).toHaveLength(600);
  });
});
