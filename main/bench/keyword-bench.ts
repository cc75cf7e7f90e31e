import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createFoodsKeywordIndex, foodKeywordDocument, foodsKeywordOptions } from '../corpora/foods/foods-corpus.js';
import { createFoodsRepository, type NewFood } from '../corpora/foods/foods-repository.js';
import { readIfctFoods, type IfctFood } from '../corpora/foods/ifct.js';
import { openDatabase } from '../db/connection.js';
import type { KeywordIndex } from '../retrieval/keyword-index.js';
import { openKeywordIndex } from '../retrieval/keyword-snapshot.js';
import { loadClinicalLexicon } from '../corpora/kb/clinical-lexicon.js';
import { round, summarize, type LatencySummary } from './stats.js';
import { seededRandom } from './synthetic-vectors.js';

export interface KeywordBenchResult {
  ingest: { rows: number; seconds: number; rowsPerSecond: number };
  keywordIndex: {
    documents: number;
    /** Read every row from SQLite and add it to a new MiniSearch index (start-up without a usable snapshot). */
    rebuildMs: number;
    snapshotBytes: number;
    snapshotWriteMs: number;
    /** Fingerprint the rows, read and parse the snapshot file and restore the index (start-up with one). */
    snapshotLoadMs: number;
    faster: 'rebuild' | 'snapshot';
    /** The restored index answers 20 queries exactly like the rebuilt one. */
    sameResults: boolean;
  };
  /** The clinical lexicon's matcher over a 2,000-character question (the longest the API takes); target p50 < 5 ms. */
  clinicalLexicon: { questionChars: number; mentions: number; latency: LatencySummary };
}

/** The longest question the API takes, in English and Spanish with drug names throughout. */
export const longClinicalQuestion = 'Mi médico me recetó warfarina y a veces tomo ibuprofeno; también metformin for type 2 diabetes. '.repeat(25).slice(0, 2000);

/** Times the lexicon's matcher over the longest question, after 20 untimed calls (it runs on every KB question). */
export function benchClinicalLexicon(runs = 101): KeywordBenchResult['clinicalLexicon'] {
  const lexicon = loadClinicalLexicon();
  for (let round = 0; round < 20; round += 1) lexicon.find(longClinicalQuestion);
  const durations = Array.from({ length: runs }, () => {
    const started = performance.now();
    lexicon.find(longClinicalQuestion);
    return performance.now() - started;
  });
  return { questionChars: longClinicalQuestion.length, mentions: lexicon.find(longClinicalQuestion).length, latency: summarize(durations) };
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

    progress(`keyword index: start-up by rebuild vs from a snapshot at ${options.rows} documents`);
    // Exactly what the foods module does at start-up and close (see main/retrieval/keyword-snapshot.ts).
    const snapshotFile = join(directory, 'foods.json');
    const source = {
      file: snapshotFile,
      options: foodsKeywordOptions,
      documents: () => repository.all().map(foodKeywordDocument),
      rowVersions: () => repository.rowVersions(),
      count: () => repository.count(),
      minimumDocuments: 1,
    };
    const rebuildStarted = performance.now();
    const rebuilt = openKeywordIndex(source);
    const rebuildMs = performance.now() - rebuildStarted;
    const writeStarted = performance.now();
    rebuilt.save();
    const snapshotWriteMs = performance.now() - writeStarted;
    const loadStarted = performance.now();
    const loaded = openKeywordIndex(source);
    const snapshotLoadMs = performance.now() - loadStarted;
    if (rebuilt.from !== 'rows' || loaded.from !== 'snapshot') throw new Error('keyword bench: the snapshot was not used as expected');

    return {
      ingest: { rows: options.rows, seconds: round(ingestSeconds, 2), rowsPerSecond: Math.round(options.rows / ingestSeconds) },
      keywordIndex: {
        documents: rebuilt.index.size(),
        rebuildMs: round(rebuildMs, 0),
        snapshotBytes: readFileSync(snapshotFile).length,
        snapshotWriteMs: round(snapshotWriteMs, 0),
        snapshotLoadMs: round(snapshotLoadMs, 0),
        faster: snapshotLoadMs < rebuildMs ? 'snapshot' : 'rebuild',
        sameResults: sameAnswers(
          rebuilt.index,
          loaded.index,
          foods.slice(0, 20).map((food) => food.name.split(' ').slice(0, 2).join(' ')),
        ),
      },
      clinicalLexicon: benchClinicalLexicon(),
    };
  } finally {
    db.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

function sameAnswers(a: KeywordIndex, b: KeywordIndex, queries: readonly string[]): boolean {
  return queries.every((query) => {
    const ids = (index: KeywordIndex) =>
      index
        .search(query, { limit: 20 })
        .map((hit) => hit.id)
        .join(',');
    return ids(a) === ids(b);
  });
}
