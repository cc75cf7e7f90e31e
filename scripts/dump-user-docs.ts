/**
 * `tsx scripts/dump-user-docs.ts --data-dir DIR --set FILE --out FILE`
 * `tsx scripts/dump-user-docs.ts --compare BEFORE.json AFTER.json`
 * Development aid for the KB on a clinic's own documents: asks every question of an evaluation set as the app answers
 * it (`ask`, hybrid, the default reranking) in a data directory holding that set's documents, and writes one line per
 * question: whether it was refused and why, the cards quoted, the answer's first 160 characters and the key facts
 * missing. `--compare` prints the questions whose outcome changed between two dumps of the same set, and the counts
 * (unanswerable refused, answerable refused, key facts). Changes to answerability are read question by question
 * here before the shipped sets are run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AskOutput } from '../shared/contract.js';
import { createServices } from '../main/app/bootstrap.js';
import { loadKbEvaluation } from '../main/corpora/kb/kb-evaluation.js';
import { missingKeyFacts } from '../main/eval/run-evaluation.js';

interface Outcome {
  id: string;
  answerable: boolean;
  refused: boolean;
  reason: string | null;
  /** The answerability model's probability and the bar it had to reach. */
  probability: number | null;
  threshold: number | null;
  /** The answerability model's inputs, by name. */
  signals: Record<string, number | null>;
  cards: string[];
  answer: string;
  missing: string[];
}

const { values, positionals } = parseArgs({
  options: { 'data-dir': { type: 'string' }, set: { type: 'string' }, out: { type: 'string' }, compare: { type: 'boolean' } },
  allowPositionals: true,
  strict: true,
});

const counts = (outcomes: readonly Outcome[]) => ({
  unanswerable: `${outcomes.filter((o) => !o.answerable && o.refused).length}/${outcomes.filter((o) => !o.answerable).length}`,
  answerableRefused: `${outcomes.filter((o) => o.answerable && o.refused).length}/${outcomes.filter((o) => o.answerable).length}`,
  keyFactsMissed: outcomes.filter((o) => o.answerable && o.missing.length > 0).length,
});

if (values.compare) {
  const [before, after] = positionals.map((path) => JSON.parse(readFileSync(resolve(path), 'utf8')) as Outcome[]);
  if (!before || !after) throw new Error('--compare needs two dump files');
  const earlier = new Map(before.map((outcome) => [outcome.id, outcome]));
  for (const outcome of after) {
    const old = earlier.get(outcome.id);
    if (!old || (old.refused === outcome.refused && old.cards.join() === outcome.cards.join() && old.missing.join() === outcome.missing.join())) continue;
    const kind = outcome.answerable ? 'A' : 'U';
    const describe = (o: Outcome) => (o.refused ? `refused (${o.reason ?? '?'})` : `answered [${o.cards.join(', ')}]${o.missing.length ? ` missing ${o.missing.join(' | ')}` : ''}`);
    console.log(`${outcome.id} ${kind}: ${describe(old)} -> ${describe(outcome)}\n    ${outcome.answer}`);
  }
  console.log(JSON.stringify({ before: counts(before), after: counts(after) }));
} else {
  const services = await createServices({ dataDir: resolve(values['data-dir'] ?? '') });
  const outcomes: Outcome[] = [];
  for (const question of loadKbEvaluation(resolve(values.set ?? ''))) {
    const result = await services.dispatcher.call('ask', { corpus: 'kb', question: question.query, strategy: 'hybrid' }, { transport: 'cli', role: 'viewer' });
    if (!result.ok) throw new Error(`${question.id}: ${result.error.message}`);
    const answer = result.value as AskOutput;
    const answerable = question.answerable ?? question.expected.length > 0;
    outcomes.push({
      id: question.id,
      answerable,
      refused: answer.refused,
      reason: answer.refused ? (answer.answerability?.reason ?? answer.answer.slice(0, 120)) : null,
      probability: answer.answerability?.probability ?? null,
      threshold: answer.answerability?.threshold ?? null,
      signals: Object.fromEntries((answer.answerability?.signals ?? []).map((signal) => [signal.name, signal.value])),
      cards: answer.citations.map((citation) => citation.card_id ?? citation.label),
      answer: answer.answer.replace(/\s+/g, ' ').slice(0, 160),
      missing: answerable && answer.refused ? ['(refused)'] : answerable ? missingKeyFacts(answer.answer, question.keyFacts ?? []) : [],
    });
  }
  writeFileSync(resolve(values.out ?? 'dump.json'), `${JSON.stringify(outcomes, null, 1)}\n`);
  console.log(JSON.stringify(counts(outcomes)));
  await services.close();
}
