import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFoodsKeywordIndex, foodKeywordDocument } from '../corpora/foods/foods-corpus.js';
import { createFoodsRepository, type NewFood } from '../corpora/foods/foods-repository.js';
import { readIfctFoods } from '../corpora/foods/ifct.js';
import { openDatabase } from '../db/connection.js';
import { loadKeywordIndex, type KeywordIndex, type KeywordIndexOptions } from '../retrieval/keyword-index.js';
import { round } from './stats.js';
import { seededRandom } from './synthetic-vectors.js';

export interface KeywordBenchResult {
  ingest: { rows: number; seconds: number; rowsPerSecond: number };
  keywordIndex: {
    documents: number;
    /** Read every row from SQLite and add it to a new MiniSearch index (what start-up does without a snapshot). */
    rebuildMs: number;
    snapshotBytes: number;
    snapshotWriteMs: number;
    /** Read the snapshot file, parse it and restore the index. */
    snapshotLoadMs: number;
    faster: 'rebuild' | 'snapshot';
    /** The restored index answers 20 queries exactly like the rebuilt one. */
    sameResults: boolean;
  };
}

/** Must match createFoodsKeywordIndex (the snapshot is restored with the options it was built with). */
const foodsKeywordOptions: KeywordIndexOptions = { fields: ['name', 'brand'], boost: { name: 2 }, combineWith: 'AND' };

/** Realistic food names: words of the IFCT names recombined, so token statistics look like the real catalog. */
export function syntheticFoods(count: number, seed: number): NewFood[] {
  const words = [...new Set(readIfctFoods().flatMap((food) => food.name.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 1)))];
  const random = seededRandom(seed);
  const pick = () => words[Math.floor(random() * words.length)] as string;
  return Array.from({ length: count }, (_, index) => ({
    code: `B${String(index).padStart(7, '0')}`,
    owner: null,
    name: Array.from({ length: 2 + Math.floor(random() * 4) }, pick).join(' '),
    brand: random() < 0.3 ? `${pick()} brand` : '',
    group: 'Bench',
    source: 'bench',
    per100g: { energy_kcal: Math.round(random() * 500), protein: round(random() * 30, 1) },
  }));
}

/** Ingest rate into SQLite + keyword index, then MiniSearch rebuild vs snapshot load at the same size. */
export function benchKeyword(options: { rows: number; workDir: string; progress?: (message: string) => void }): KeywordBenchResult {
  const progress = options.progress ?? (() => undefined);
  const directory = join(options.workDir, 'keyword');
  const db = openDatabase(join(directory, 'cita.sqlite'));
  try {
    const repository = createFoodsRepository(db);
    const live = createFoodsKeywordIndex();
    const foods = syntheticFoods(options.rows, 17);
    progress(`ingest: ${options.rows} foods into SQLite and the keyword index`);
    const ingestStarted = performance.now();
    for (let start = 0; start < foods.length; start += 5000) {
      const { rows } = repository.upsertShared(foods.slice(start, start + 5000));
      for (const row of rows) live.upsert(foodKeywordDocument(row));
    }
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;

    progress(`keyword index: rebuild vs snapshot at ${options.rows} documents`);
    const rebuildStarted = performance.now();
    const rebuilt = createFoodsKeywordIndex();
    for (const row of db.prepare('SELECT id, owner, name, brand FROM foods').iterate() as Iterable<{ id: number; owner: string | null; name: string; brand: string }>) {
      rebuilt.add(foodKeywordDocument(row));
    }
    const rebuildMs = performance.now() - rebuildStarted;

    const snapshotFile = join(directory, 'foods.minisearch.json');
    const writeStarted = performance.now();
    writeFileSync(snapshotFile, JSON.stringify(rebuilt.toJSON()));
    const snapshotWriteMs = performance.now() - writeStarted;
    const loadStarted = performance.now();
    const loaded = loadKeywordIndex(readFileSync(snapshotFile, 'utf8'), foodsKeywordOptions);
    const snapshotLoadMs = performance.now() - loadStarted;

    return {
      ingest: { rows: options.rows, seconds: round(ingestSeconds, 2), rowsPerSecond: Math.round(options.rows / ingestSeconds) },
      keywordIndex: {
        documents: rebuilt.size(),
        rebuildMs: round(rebuildMs, 0),
        snapshotBytes: readFileSync(snapshotFile).length,
        snapshotWriteMs: round(snapshotWriteMs, 0),
        snapshotLoadMs: round(snapshotLoadMs, 0),
        faster: snapshotLoadMs < rebuildMs ? 'snapshot' : 'rebuild',
        sameResults: sameAnswers(rebuilt, loaded, foods.slice(0, 20).map((food) => food.name.split(' ').slice(0, 2).join(' '))),
      },
    };
  } finally {
    db.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

function sameAnswers(a: KeywordIndex, b: KeywordIndex, queries: readonly string[]): boolean {
  return queries.every((query) => {
    const ids = (index: KeywordIndex) => index.search(query, { limit: 20 }).map((hit) => hit.id).join(',');
    return ids(a) === ids(b);
  });
}
