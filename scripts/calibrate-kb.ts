/**
 * `npm run calibrate:kb -- --data-dir DIR [--out FILE]`
 * Fits the KB answerability model (main/corpora/kb/answerability.ts) on the development halves of the shipped
 * sets and measures it on the held-out halves. DIR must be seeded (`cita seed`) with the local embedder; the
 * reranker must be installed. Writes kb/calibration/kb-answerability.json (or --out) and prints the trade-off.
 *
 * One row per (question, card) among each question's first five cards: label 1 when the question is answerable
 * and the card is one of its expected cards, else 0. A question's answerability is its best card's probability, so
 * the threshold is chosen on questions: the lowest refusal of answerable development questions (at most 5%) that
 * refuses the most unanswerable ones. (Counting the questions the figure, population and aspect checks refuse as
 * already refused was tried on 2026-12-01: the cross-encoder's threshold stayed 0.313, the embedder-only one fell
 * from 0.310 to 0.225; kept out.)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Strategy } from '../shared/contract.js';
import { createServices } from '../main/app/bootstrap.js';
import { featureValues, questionSignals, variantFeatures, type AnswerabilityCalibration, type AnswerabilityVariant, type CardSignals } from '../main/corpora/kb/answerability.js';
import { kbCalibrationPath } from '../main/corpora/kb/kb-calibration-file.js';
import { kbEvaluationPaths, loadKbEvaluation, type KbEvaluationQuestion } from '../main/corpora/kb/kb-evaluation.js';
import { answerabilityCards } from '../main/corpora/kb/kb-search.js';
import { fitLogistic, predict, type LogisticModel } from '../main/corpora/kb/logistic.js';
import { embedderModelOf } from '../main/retrieval/semantic-bars.js';
import { openKbSearch } from './kb-script-search.js';

const { values } = parseArgs({
  options: { 'data-dir': { type: 'string' }, out: { type: 'string' }, l2: { type: 'string' }, dump: { type: 'string' }, 'from-dump': { type: 'string' } },
  strict: true,
});
if (!values['data-dir']) {
  console.error('usage: tsx scripts/calibrate-kb.ts --data-dir DIR [--out FILE] [--l2 N]');
  process.exit(2);
}
const l2 = Number(values.l2 ?? 1);
const services = await createServices({ dataDir: resolve(values['data-dir']) });
const embedder = services.embedding.describe().id;
const reranker = await services.reranker.get();
if (!embedder || !reranker) {
  console.error(`calibrate:kb needs the local embedder and the reranker (embedder: ${embedder ?? 'none'}, reranker: ${services.reranker.describe().problem ?? 'ok'})`);
  process.exit(1);
}

// The signals do not depend on the calibration, so any valid one serves while collecting them.
const neutralVariant = { model: { features: ['keyword_coverage'], means: [0], scales: [1], weights: [0], bias: 0 }, threshold: 0.5, weakThreshold: 0.25, measured: {} };
const neutral: AnswerabilityCalibration = {
  version: 1,
  embedder: embedderModelOf(embedder),
  reranker: reranker.id,
  sets: [],
  variants: { 'rerank+dense': neutralVariant, dense: neutralVariant, rerank: neutralVariant, keyword: neutralVariant },
};
const { search } = openKbSearch(services, neutral);

const questions: KbEvaluationQuestion[] = kbEvaluationPaths().flatMap((path) => loadKbEvaluation(path));
// The examples variants are stacked on 'rerank+dense' by scripts/calibrate-kb-examples.ts, which must run again after this.
const runs: Record<Exclude<AnswerabilityVariant, 'rerank+dense+examples' | 'rerank+dense+examples+multilingual'>, { strategy: Strategy; rerank: boolean; dropCosine: boolean }> = {
  'rerank+dense': { strategy: 'hybrid', rerank: true, dropCosine: false },
  dense: { strategy: 'hybrid', rerank: false, dropCosine: false },
  rerank: { strategy: 'keyword', rerank: true, dropCosine: true },
  keyword: { strategy: 'keyword', rerank: false, dropCosine: true },
};
const cardsPerQuestion = answerabilityCards;

interface Collected {
  question: KbEvaluationQuestion;
  cards: Array<{ cardId: string; signals: CardSignals }>;
}

type BaseVariant = keyof typeof runs;
const dumped: Partial<Record<BaseVariant, Collected[]>> = values['from-dump'] ? (JSON.parse(readFileSync(values['from-dump'], 'utf8')) as Partial<Record<BaseVariant, Collected[]>>) : {};
const toDump: Partial<Record<BaseVariant, Collected[]>> = {};

async function collect(variant: BaseVariant): Promise<Collected[]> {
  const cached = dumped[variant];
  if (cached) return cached;
  const collected = await collectNow(variant);
  toDump[variant] = collected;
  return collected;
}

async function collectNow(variant: BaseVariant): Promise<Collected[]> {
  const run = runs[variant];
  const collected: Collected[] = [];
  for (const [index, question] of questions.entries()) {
    const retrieval = await search.retrieve(question.query, { k: cardsPerQuestion, strategy: run.strategy, rerank: run.rerank });
    collected.push({
      question,
      cards: retrieval.cards.map((card) => ({ cardId: card.passage.card_id, signals: run.dropCosine ? { ...card.signals, cosine: null } : card.signals })),
    });
    if ((index + 1) % 25 === 0) process.stderr.write(`calibrate:kb  ${variant}: ${index + 1} of ${questions.length}\n`);
  }
  return collected;
}

/** One row per question: its own signals (questionSignals), labelled answerable or not. */
function rowsOf(collected: readonly Collected[], features: readonly string[]) {
  return collected.flatMap(({ question, cards }) => {
    const signals = questionSignals(cards.map((card) => card.signals));
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- without it the label widens to number in the array
    return signals ? [{ values: featureValues(features, signals), label: (question.expected.length > 0 ? 1 : 0) as 0 | 1 }] : [];
  });
}

/** A question's answerability: the probability of its own signals (0 when nothing was retrieved). */
function questionScore(model: LogisticModel, entry: Collected): number {
  const signals = questionSignals(entry.cards.map((card) => card.signals));
  return signals ? predict(model, featureValues(model.features, signals)) : 0;
}

interface Rates {
  unanswerable: number;
  unanswerableRefused: number;
  answerable: number;
  answerableRefused: number;
}

function rates(model: LogisticModel, entries: readonly Collected[], threshold: number): Rates {
  const result: Rates = { unanswerable: 0, unanswerableRefused: 0, answerable: 0, answerableRefused: 0 };
  for (const entry of entries) {
    const refused = questionScore(model, entry) < threshold;
    if (entry.question.expected.length === 0) {
      result.unanswerable += 1;
      if (refused) result.unanswerableRefused += 1;
    } else {
      result.answerable += 1;
      if (refused) result.answerableRefused += 1;
    }
  }
  return result;
}

/**
 * The threshold refusing the most unanswerable development questions while refusing at most 5% of the answerable
 * development questions of every set (the original set's easy questions must not hide the harder set's refusals).
 */
function chooseThreshold(model: LogisticModel, entries: readonly Collected[]): number {
  const scores = [...new Set(entries.map((entry) => questionScore(model, entry)))].sort((a, b) => a - b);
  const sets = [...new Set(entries.map((entry) => entry.question.set))];
  let best = { threshold: 0, refusedUnanswerable: -1 };
  for (const candidate of [0, ...scores.map((score) => score + 1e-9)]) {
    const measured = rates(model, entries, candidate);
    const everySetWithin = sets.every((set) => {
      const part = rates(
        model,
        entries.filter((entry) => entry.question.set === set),
        candidate,
      );
      return part.answerableRefused <= 0.05 * part.answerable;
    });
    if (!everySetWithin) continue;
    if (measured.unanswerableRefused > best.refusedUnanswerable) best = { threshold: candidate, refusedUnanswerable: measured.unanswerableRefused };
  }
  // Halfway to the next score above, so a probability a hair below the last development one is not refused.
  const next = scores.find((score) => score > best.threshold);
  return next === undefined ? best.threshold : (best.threshold + next) / 2;
}

function share(part: number, whole: number): number {
  return whole === 0 ? 0 : Number((part / whole).toFixed(3));
}

function measuredOf(model: LogisticModel, entries: readonly Collected[], threshold: number): Record<string, number> {
  const measured: Record<string, number> = {};
  for (const half of ['dev', 'test'] as const) {
    for (const language of ['all', 'en', 'es'] as const) {
      const part = entries.filter((entry) => entry.question.half === half && (language === 'all' || (language === 'es') === entry.question.spanish));
      const r = rates(model, part, threshold);
      const tag = `${half}${language === 'all' ? '' : `_${language}`}`;
      measured[`${tag}_unanswerable_refused`] = share(r.unanswerableRefused, r.unanswerable);
      measured[`${tag}_answerable_refused`] = share(r.answerableRefused, r.answerable);
      measured[`${tag}_questions`] = part.length;
    }
  }
  return measured;
}

const variants = {} as AnswerabilityCalibration['variants'];
for (const variant of Object.keys(runs) as BaseVariant[]) {
  const collected = await collect(variant);
  const development = collected.filter((entry) => entry.question.half === 'dev');
  const features = variantFeatures[variant];
  const model = fitLogistic(features, rowsOf(development, features), { l2, balance: true });
  const threshold = chooseThreshold(model, development);
  const measured = measuredOf(model, collected, threshold);
  variants[variant] = { model, threshold, weakThreshold: threshold / 2, measured };
  console.log(`\n${variant}: threshold ${threshold.toFixed(3)}`);
  console.log(`  weights: ${features.map((feature, index) => `${feature} ${(model.weights[index] ?? 0).toFixed(2)}`).join(', ')}; bias ${model.bias.toFixed(2)}`);
  for (const half of ['dev', 'test']) {
    console.log(
      `  ${half}: unanswerable refused ${measured[`${half}_unanswerable_refused`]} (es ${measured[`${half}_es_unanswerable_refused`]}), ` +
        `answerable refused ${measured[`${half}_answerable_refused`]} (es ${measured[`${half}_es_answerable_refused`]}), n=${measured[`${half}_questions`]}`,
    );
  }
}

const calibration: AnswerabilityCalibration = {
  version: 1,
  embedder: embedderModelOf(embedder),
  reranker: reranker.id,
  sets: kbEvaluationPaths().map((path) => path.split('/').slice(-2).join('/')),
  variants,
};
if (values.dump) writeFileSync(values.dump, JSON.stringify(toDump));
const out = resolve(values.out ?? kbCalibrationPath());
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(calibration, null, 2)}\n`);
console.log(`\nwrote ${out} (without the examples variant: run scripts/calibrate-kb-examples.ts next)`);
await services.close();
