import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { packageRoot } from '../../paths.js';
import type { Embedder } from '../../embedding/embedder.js';
import { readsMultilingualModel, variantFor } from './answerability.js';

/**
 * Example questions of the clinical KB (`kb/examples/*.json`): for each card, questions it answers and questions that
 * sound close to it but that no card answers, plus questions outside the KB altogether. They were written from the
 * cards alone, never from the evaluation sets (kb/examples/README.md), so the sets still measure them. A question
 * close to an answered example reads as answerable; one close to an unanswered example, as not (answerability.ts).
 */
const exampleSchema = z.object({
  language: z.enum(['en', 'es']),
  question: z.string().trim().min(1).max(2000),
});

const exampleFileSchema = z.object({
  card: z.string().regex(/^[a-z0-9-]+$/).nullable(),
  // What answers it: one to three sentences or list items of the card, verbatim (kb/examples/README.md).
  answered: z.array(exampleSchema.extend({ answer: z.array(z.string().trim().min(1)).min(1).max(3).optional() })),
  not_answered: z.array(exampleSchema.extend({ why: z.string().min(1) })),
});

export interface KbExample {
  card: string | null;
  language: 'en' | 'es';
  question: string;
  answered: boolean;
  /** The sentences or list items of its card that answer it, as written there (none for an unanswered example). */
  answer: readonly string[];
}

export interface KbExamples {
  examples: KbExample[];
  /** The files they came from, for status. */
  files: number;
}

/**
 * The caches of the examples' vectors in the data directory: one file for the local embedder's reading, one for the
 * multilingual model's, each holding the vectors of the embedder that last wrote it (another embedder rewrites it;
 * regenerated when absent or damaged).
 */
export const kbExampleVectorsFile = 'kb-example-vectors.json';
export const kbMultilingualExampleVectorsFile = 'kb-example-vectors-multilingual.json';

/** Where the shipped example questions live. */
export function defaultKbExamplesDir(): string {
  return join(packageRoot(), 'kb', 'examples');
}

/**
 * Reads every `*.json` of the directory (its README is not one). A file that does not parse or breaks the format
 * stops with an error naming it: a half-read bank would move every answerability decision without saying so.
 */
export function loadKbExamples(dir: string = defaultKbExamplesDir()): KbExamples {
  if (!existsSync(dir)) return { examples: [], files: 0 };
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const examples: KbExample[] = [];
  for (const name of names) {
    const path = join(dir, name);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new Error(`Cannot read the KB example questions ${path}: ${(error as Error).message}`, { cause: error });
    }
    const parsed = exampleFileSchema.safeParse(raw);
    if (!parsed.success) throw new Error(`The KB example questions ${path} are invalid: ${z.prettifyError(parsed.error)}`);
    const { card } = parsed.data;
    for (const entry of parsed.data.answered) examples.push({ card, language: entry.language, question: entry.question, answered: true, answer: entry.answer ?? [] });
    for (const entry of parsed.data.not_answered) examples.push({ card, language: entry.language, question: entry.question, answered: false, answer: [] });
  }
  return { examples, files: names.length };
}

/** How close a question is to the nearest answered and the nearest unanswered example (cosine, the embedder's). */
export interface ExampleSimilarity {
  answered: number;
  unanswered: number;
  /** Per card of the KB with answered examples, how close the question is to the nearest of them. */
  byCard: ReadonlyMap<string, number>;
  /** Per answered example of a card the KB holds (by its index in the bank, see `example`), how close the question is. */
  byExample: ReadonlyMap<number, number>;
}

export interface KbExampleIndex {
  /** Examples and files read (0 when the directory is absent). */
  readonly count: number;
  readonly files: number;
  /**
   * The question's similarity to the examples, `text` (the question as this index reads it) embedded as a query by
   * `embedder`. The examples are embedded the same way (through `textOf`) on first use per embedder, and kept in the cache
   * file so later processes do not embed them again. An answered example counts only when `cards` (the KB's own card
   * ids) holds its card; null when that leaves no examples of both kinds.
   */
  similarity(text: string, embedder: Embedder, cards: ReadonlySet<string>): Promise<ExampleSimilarity | null>;
  /** Embeds the examples for `embedder` now (after an ingest), so the first question does not wait for it. */
  prepare(embedder: Embedder): Promise<void>;
  /** The example at `index` of the bank (the keys of `ExampleSimilarity.byExample`). */
  example(index: number): KbExample | undefined;
}

const cacheSchema = z.object({
  version: z.literal(1),
  embedder: z.string(),
  vectors: z.record(z.string(), z.string()),
});

/** The cache key of one example's English form under one embedder. */
function keyOf(embedderId: string, english: string): string {
  return createHash('sha256').update(`${embedderId}\n${english}`).digest('hex').slice(0, 32);
}

function readCache(path: string, embedderId: string): Map<string, Float32Array> {
  const vectors = new Map<string, Float32Array>();
  if (!existsSync(path)) return vectors;
  try {
    const parsed = cacheSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (!parsed.success || parsed.data.embedder !== embedderId) return vectors;
    for (const [key, encoded] of Object.entries(parsed.data.vectors)) {
      const bytes = Buffer.from(encoded, 'base64');
      vectors.set(key, new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
    }
  } catch {
    // A damaged cache is only a cache: the examples are embedded again and the file rewritten.
    vectors.clear();
  }
  return vectors;
}

/** Writes the cache; a cache that cannot be written (a read-only data directory) only costs the next process the embedding. */
function writeCache(path: string, embedderId: string, vectors: ReadonlyMap<string, Float32Array>): void {
  const encoded = Object.fromEntries([...vectors].map(([key, vector]) => [key, Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64')]));
  // Written whole, then renamed: a crash leaves the old file or the new one, never half of one.
  const partial = `${path}.${process.pid}.partial`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(partial, JSON.stringify({ version: 1, embedder: embedderId, vectors: encoded }));
    renameSync(partial, path);
  } catch {
    try {
      rmSync(partial, { force: true });
    } catch {
      // Nothing was written where nothing can be.
    }
  }
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += (a[index] ?? 0) * (b[index] ?? 0);
  return sum;
}

/** Examples embedded as queries per embedder, in the order of the bank. */
interface Embedded {
  embedderId: string;
  entries: Array<{ card: string | null; answered: boolean; vector: Float32Array }>;
}

/**
 * The example bank of a data directory, read as one embedder reads questions: `textOf` is what it embeds of a
 * question, so an example is read exactly as a user's question would be (for the local embedder the KB query's
 * English form, the glossary's translation of a Spanish question; for the multilingual one the question as written).
 */
export function createKbExampleIndex(options: {
  examples: () => KbExamples;
  textOf: (question: string) => string;
  /** What `textOf` depends on besides the question (the glossary setting), so a change reads the examples again. */
  readingKey?: () => string;
  cachePath: string;
}): KbExampleIndex {
  let bank: KbExamples | undefined;
  const load = () => (bank ??= options.examples());
  let embedding: { key: string; promise: Promise<Embedded> } | undefined;

  async function embedAll(embedder: Embedder): Promise<Embedded> {
    const { examples } = load();
    const texts = examples.map((example) => options.textOf(example.question));
    const cached = readCache(options.cachePath, embedder.id);
    const vectors = new Map<string, Float32Array>();
    let embeddedNow = 0;
    for (const text of texts) {
      const key = keyOf(embedder.id, text);
      if (vectors.has(key)) continue;
      let vector = cached.get(key);
      if (!vector || vector.length !== embedder.dimensions) {
        vector = await embedder.embedQuery(text);
        embeddedNow += 1;
      }
      vectors.set(key, vector);
    }
    // Only the bank's own vectors are kept: examples edited away leave the file with it.
    if (embeddedNow > 0 || vectors.size !== cached.size) writeCache(options.cachePath, embedder.id, vectors);
    return {
      embedderId: embedder.id,
      entries: examples.map((example, index) => ({ card: example.card, answered: example.answered, vector: vectors.get(keyOf(embedder.id, texts[index] as string)) as Float32Array })),
    };
  }

  function embedded(embedder: Embedder): Promise<Embedded> {
    // The reading (the glossary on or off) is part of the key: toggled at run time, the examples are read again.
    const key = `${embedder.id}\n${options.readingKey?.() ?? ''}`;
    if (embedding?.key !== key) {
      const promise = embedAll(embedder);
      embedding = { key, promise };
      // A failed embedding is tried again on the next question rather than remembered.
      promise.catch(() => {
        if (embedding?.promise === promise) embedding = undefined;
      });
    }
    return embedding.promise;
  }

  return {
    get count() {
      return load().examples.length;
    },
    get files() {
      return load().files;
    },
    async similarity(text, embedder, cards) {
      // A question a card answers counts only when the KB holds that card (a KB of one's own documents holds none of
      // the shipped cards, and gets no examples read); a question no card answers counts whatever the KB holds.
      const counted = (example: { card: string | null; answered: boolean }) => !example.answered || example.card === null || cards.has(example.card);
      const { examples } = load();
      if (!examples.some((example) => example.answered && counted(example)) || !examples.some((example) => !example.answered)) return null;
      const [bankVectors, query] = await Promise.all([embedded(embedder), embedder.embedQuery(text)]);
      let answered = -1;
      let unanswered = -1;
      const byCard = new Map<string, number>();
      const byExample = new Map<number, number>();
      bankVectors.entries.forEach((entry, index) => {
        if (!counted(entry)) return;
        const cosine = dot(query, entry.vector);
        if (!entry.answered) unanswered = Math.max(unanswered, cosine);
        else {
          answered = Math.max(answered, cosine);
          if (entry.card !== null) {
            byCard.set(entry.card, Math.max(byCard.get(entry.card) ?? -1, cosine));
            byExample.set(index, cosine);
          }
        }
      });
      return { answered, unanswered, byCard, byExample };
    },
    async prepare(embedder) {
      if (load().examples.length > 0) await embedded(embedder);
    },
    example(index) {
      return load().examples[index];
    },
  };
}

/**
 * A question the example questions read as answerable, but whose cards read below the cards' own weak bar, is still
 * answered from its first card when the question reads this close to an answered example of that card (the mean of
 * both models' cosines, as `exampleAnswers` reads them; the local model's alone without the multilingual one, which
 * the bar was not chosen for): the card's own example then says which card answers, which the examples as a whole do
 * not. The cards' own model reads a long story, or a Spanish one through its word-by-word English, poorly (a TIA
 * told as "the side of his mouth went droopy… now he's absolutely fine": 0.04 by the cards' own model; the stroke
 * card's nearest example 0.72). Chosen on sets 1 to 21 (the 31 questions that guard refused: 0.60 let in 5 of their
 * 13 answerable, 3 from the right card, and 1 of their 18 unanswerable; 0.55 let in 9 and 6, 0.65 2 and 1, 0.70 1
 * and 0), then measured on sets 22 to 24: 1 of 2 answerable let in (from the right card), not the 1 unanswerable.
 * README "The first card's own examples". Used by kb-search.ts (decide).
 */
export const firstCardExampleBar = 0.6;

/** What `cita status` says of the example questions: their counts, and whether the calibration reads them. */
export function describeKbExamples(
  calibration: { embedder: string; multilingual?: string | null; variants: { 'rerank+dense+examples'?: unknown; 'rerank+dense+examples+multilingual'?: unknown } },
  models: { embedderModel: string | null; rerankerOn: boolean; switchedOn: boolean; multilingualId?: string | null },
  dir: string = defaultKbExamplesDir(),
): { answered: number; unanswered: number; calibrated: boolean; variant: string | null; problem: string | null; first_card_bar: number | null } {
  let examples: KbExample[];
  try {
    examples = loadKbExamples(dir).examples;
  } catch (error) {
    return { answered: 0, unanswered: 0, calibrated: false, variant: null, problem: (error as Error).message, first_card_bar: null };
  }
  const answered = examples.filter((example) => example.answered).length;
  const unanswered = examples.length - answered;
  let problem: string | null = null;
  if (!models.switchedOn) problem = 'switched off in the settings (kb.examples)';
  else if (answered === 0 || unanswered === 0) problem = 'no example questions of both kinds: answerability reads the cross-encoder and the embedder alone';
  else if (!calibration.variants['rerank+dense+examples']) problem = 'the answerability calibration has no variant for the example questions';
  else if (models.embedderModel !== calibration.embedder) problem = 'the examples are read only with the embedder the calibration was fitted with';
  else if (!models.rerankerOn) problem = 'the examples are read only with the cross-encoder on';
  // The answerability variant a question is scored with, chosen as kb-search.ts chooses it.
  const multilingual =
    calibration.variants['rerank+dense+examples+multilingual'] !== undefined && models.multilingualId != null && readsMultilingualModel(calibration, models.multilingualId);
  const variant = problem !== null ? null : variantFor({ rerank: true, dense: true, examples: multilingual ? 'local+multilingual' : 'local' });
  return { answered, unanswered, calibrated: problem === null, variant, problem, first_card_bar: variant === null ? null : firstCardExampleBar };
}
