import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFoodsKeywordIndex, foodKeywordDocument, foodsKeywordOptions } from '../corpora/foods/foods-corpus.js';
import { createFoodsRepository, type NewFood } from '../corpora/foods/foods-repository.js';
import { readIfctFoods, type IfctFood } from '../corpora/foods/ifct.js';
import { openDatabase } from '../db/connection.js';
import { loadKeywordIndex, type KeywordIndex } from '../retrieval/keyword-index.js';
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

function otherNames(food: IfctFood | undefined): Pick<NewFood, 'scientificName' | 'localNames'> {
  return { scientificName: food?.scientificName ?? '', localNames: food?.localNames ?? '' };
}

/** Realistic food names: words of the IFCT names recombined, so token statistics look like the real catalog. */
export function syntheticFoods(count: number, seed: number): NewFood[] {
  const ifct = readIfctFoods();
  const words = [...new Set(ifct.flatMap((food) => food.name.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 1)))];
  const random = seededRandom(seed);
  const pick = () => words[Math.floor(random() * words.length)] as string;
  return Array.from({ length: count }, (_, index) => ({
    code: `B${String(index).padStart(7, '0')}`,
    owner: null,
    name: Array.from({ length: 2 + Math.floor(random() * 4) }, pick).join(' '),
    brand: random() < 0.3 ? `${pick()} brand` : '',
    group: 'Bench',
    // Other names as IFCT publishes them, borrowed from a random real food.
    ...otherNames(ifct[Math.floor(random() * ifct.length)]),
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
    const select = db.prepare('SELECT id, owner, name, brand, food_group, scientific_name, local_names FROM foods');
    for (const row of select.iterate() as Iterable<Parameters<typeof foodKeywordDocument>[0]>) {
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
