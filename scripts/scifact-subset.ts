/**
 * `tsx scripts/scifact-subset.ts FROM TO`: the CI-sized SciFact of issue 14, written once and committed as
 * test/fixtures/scifact-subset (so CI needs nothing outside the repository): every document judged in
 * FROM/qrels/test.tsv plus 700 others drawn with a fixed seed, the 300 test queries and their judgements. FROM is
 * the BEIR SciFact folder (../shared/datasets/scifact here; sources and licences in its SOURCE.md).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../main/bench/synthetic-vectors.js';

/**
 * The CI-sized SciFact: every document judged in qrels/test.tsv plus `others` more drawn with a fixed seed, the
 * test queries and their judgements, written as a BEIR folder in `directory`.
 */
export function writeScifactSubset(scifactDir: string, directory: string, others = 700, seed = 14): { documents: number; queries: number } {
  const qrels = readFileSync(join(scifactDir, 'qrels', 'test.tsv'), 'utf8');
  const judged = new Set(
    qrels
      .split('\n')
      .slice(1)
      .filter((line) => line.trim())
      .map((line) => line.split('\t')[1] as string),
  );
  const lines = readFileSync(join(scifactDir, 'corpus.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim());
  const idOf = (line: string) => (JSON.parse(line) as { _id: string })._id;
  const rest = lines.filter((line) => !judged.has(idOf(line)));
  const next = seededRandom(seed);
  for (let index = rest.length - 1; index > 0; index -= 1) {
    const swap = Math.floor(next() * (index + 1));
    [rest[index], rest[swap]] = [rest[swap] as string, rest[index] as string];
  }
  const chosen = new Set([...judged, ...rest.slice(0, others).map(idOf)]);
  mkdirSync(join(directory, 'qrels'), { recursive: true });
  writeFileSync(join(directory, 'corpus.jsonl'), `${lines.filter((line) => chosen.has(idOf(line))).join('\n')}\n`);
  // Only the test queries: the others have no judgements here.
  const tested = new Set(
    qrels
      .split('\n')
      .slice(1)
      .filter((line) => line.trim())
      .map((line) => line.split('\t')[0] as string),
  );
  const queries = readFileSync(join(scifactDir, 'queries.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && tested.has((JSON.parse(line) as { _id: string })._id));
  writeFileSync(join(directory, 'queries.jsonl'), `${queries.join('\n')}\n`);
  writeFileSync(join(directory, 'qrels', 'test.tsv'), qrels);
  return {
    documents: chosen.size,
    queries: new Set(
      qrels
        .split('\n')
        .slice(1)
        .filter((line) => line.trim())
        .map((line) => line.split('\t')[0]),
    ).size,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [from, to] = process.argv.slice(2);
  if (!from || !to) {
    console.error('usage: tsx scripts/scifact-subset.ts FROM_BEIR_DIR OUT_DIR');
    process.exit(2);
  }
  const written = writeScifactSubset(resolve(from), resolve(to));
  console.log(`${written.documents} documents, ${written.queries} queries in ${to}`);
}
