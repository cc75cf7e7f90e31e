/**
 * `npm run calibrate:kb-examples -- --data-dir DIR [--set FILE …] [--out FILE] [--unanswerable-refused 0.9] [--margins]`
 * Fits the 'rerank+dense+examples' and 'rerank+dense+examples+multilingual' answerability variants
 * (answerability.ts) and writes them into the shipped calibration, leaving the other variants as they are. DIR must be seeded (`cita seed`) with the local embedder; the
 * reranker must be installed.
 *
 * The variant is the 'rerank+dense' model with the example questions stacked on it: every question of every KB
 * evaluation set is searched as the app searches it (five cards, the cross-encoder on), and a logistic regression is
 * fitted on the 'rerank+dense' log-odds of each question and its cosines to the nearest answered example and to the
 * nearest unanswered one (kb-examples.ts): by the local embedder (the English form), and for the second variant also
 * by the multilingual model (the question as asked). Each is written back as one logistic model over all its
 * signals: the three old weights are scaled together (their ratios, and so the cross-encoder's positive weight, are
 * kept) and the two example weights are added. The threshold is the lowest that refuses the asked share of the
 * unanswerable questions, counting those the figure, population, aspect and food checks refuse and letting an
 * anchored question in at half the threshold, as the app does. It then prints the same fit measured left-one-set-out
 * (fitted and thresholded on every other set), which is what the sets say about questions they did not fit.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createServices, type Services } from '../main/app/bootstrap.js';
import type { AnswerabilityCalibration, CalibratedVariant } from '../main/corpora/kb/answerability.js';
import { loadClinicalLexicon } from '../main/corpora/kb/clinical-lexicon.js';
import { loadKbCalibration, kbCalibrationPath } from '../main/corpora/kb/kb-calibration-file.js';
import { createKbExampleIndex, kbExampleVectorsFile, kbMultilingualExampleVectorsFile, loadKbExamples } from '../main/corpora/kb/kb-examples.js';
import { createKbRepository } from '../main/corpora/kb/kb-repository.js';
import { kbEvaluationPaths, loadKbEvaluation } from '../main/corpora/kb/kb-evaluation.js';
import { prepareKbQuery } from '../main/corpora/kb/kb-query.js';
import { fitLogistic, predict, type LogisticModel } from '../main/corpora/kb/logistic.js';
import { openKbSearch } from './kb-script-search.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    set: { type: 'string', multiple: true },
    out: { type: 'string' },
    'unanswerable-refused': { type: 'string' },
    dump: { type: 'string' },
    'from-dump': { type: 'string' },
    margins: { type: 'boolean' },
  },
  strict: true,
});
if (values['data-dir'] === undefined) {
  console.error('usage: tsx scripts/calibrate-kb-examples.ts --data-dir DIR [--out FILE] [--unanswerable-refused 0.9]');
  process.exit(2);
}
const target = Number(values['unanswerable-refused'] ?? 0.9);
const shipped = loadKbCalibration();
const base = shipped.variants['rerank+dense'];

interface Row {
  set: string;
  id: string;
  /** The question as asked, and its English form: what the two embedders compare with the examples. */
  question: string;
  english: string;
  answerable: boolean;
  spanish: boolean;
  /** The 'rerank+dense' log-odds of the question. */
  baseLogit: number;
  /** Nearest answered and unanswered example, by the local embedder and by the multilingual one. */
  answered: number;
  unanswered: number;
  answeredMultilingual: number;
  unansweredMultilingual: number;
  /** The question's first card covers every name it asks about: the app lets it in at the weak bar. */
  anchored: boolean;
  /** A figure, population, aspect, food or interaction check refused it. */
  checkRefused: boolean;
}

type Searched = Omit<Row, 'answered' | 'unanswered' | 'answeredMultilingual' | 'unansweredMultilingual'>;

/** Every question searched as the app searches it, with the 'rerank+dense' model (the examples variants left out). */
async function search(services: Services): Promise<Searched[]> {
  const reranker = await services.reranker.get();
  if (!reranker) throw new Error('calibrate-kb-examples needs the reranker');
  const baseVariants = { ...shipped.variants };
  delete baseVariants['rerank+dense+examples'];
  delete baseVariants['rerank+dense+examples+multilingual'];
  const { search: kbSearch } = openKbSearch(services, { ...shipped, variants: baseVariants });
  const questions = (values.set ? values.set.map((path) => resolve(path)) : kbEvaluationPaths()).flatMap((path) => loadKbEvaluation(path));
  const searched: Searched[] = [];
  for (const [number, question] of questions.entries()) {
    const { answerability, query } = await kbSearch.retrieve(question.query, { k: 5, rerank: true });
    const probability = Math.min(Math.max(answerability.probability, 1e-6), 1 - 1e-6);
    searched.push({
      set: question.set,
      id: question.id,
      question: question.query,
      english: query.english,
      answerable: question.expected.length > 0,
      spanish: question.spanish,
      baseLogit: Math.log(probability / (1 - probability)),
      anchored: answerability.threshold < base.threshold,
      checkRefused: [answerability.figure, answerability.population, answerability.aspect, answerability.food, answerability.interaction].some((check) => check !== null && !check.found),
    });
    if ((number + 1) % 50 === 0) process.stderr.write(`calibrate-kb-examples: ${number + 1} of ${questions.length}\n`);
  }
  return searched;
}

/** The example cosines of each question, with the bank as it is now (so --from-dump needs no search). */
async function withExamples(services: Services, dataDir: string, searched: readonly Searched[]): Promise<Row[]> {
  const embedder = await services.embedding.get();
  const multilingual = await services.multilingual.get();
  if (!embedder || !multilingual) throw new Error('calibrate-kb-examples needs the local embedder and the multilingual model');
  const lexicon = loadClinicalLexicon();
  const bank = loadKbExamples();
  const local = createKbExampleIndex({
    examples: () => bank,
    textOf: (question) => prepareKbQuery(question, lexicon, undefined, { glossary: services.settings.get().language.glossary }).english,
    cachePath: join(dataDir, kbExampleVectorsFile),
  });
  const asAsked = createKbExampleIndex({ examples: () => bank, textOf: (question) => question, cachePath: join(dataDir, kbMultilingualExampleVectorsFile) });
  const cards = new Set(createKbRepository(services.db).cardIds());
  const rows: Row[] = [];
  for (const row of searched) {
    const byLocal = await local.similarity(row.english, embedder, cards);
    const byMultilingual = await asAsked.similarity(row.question, multilingual, cards);
    if (!byLocal || !byMultilingual) throw new Error('no example questions of both kinds in kb/examples');
    rows.push({ ...row, answered: byLocal.answered, unanswered: byLocal.unanswered, answeredMultilingual: byMultilingual.answered, unansweredMultilingual: byMultilingual.unanswered });
  }
  return rows;
}

const dataDir = resolve(values['data-dir']);
const services = await createServices({ dataDir });
const searched: Searched[] = values['from-dump'] ? (JSON.parse(readFileSync(values['from-dump'], 'utf8')) as Searched[]) : await search(services);
if (services.settings.get().kb.min_answerability !== null) throw new Error('kb.min_answerability is set in this data directory: the anchored bar would not be read right');
const rows = await withExamples(services, dataDir, searched);
const multilingualId = (await services.multilingual.get())?.id ?? null;
await services.close();
if (values.dump) writeFileSync(values.dump, JSON.stringify(rows));

const labelOf = (row: Row): 0 | 1 => (row.answerable ? 1 : 0);
type Stack = { name: 'rerank+dense+examples' | 'rerank+dense+examples+multilingual'; features: string[]; values: (row: Row) => number[] };
// With --margins each embedder's two cosines are read as one, the answered one minus the unanswered one: a question far
// from every example (a practice's own matter) then reads neither way, where the two cosines apart extrapolate.
const stacks: Stack[] = values.margins
  ? [
      { name: 'rerank+dense+examples', features: ['example_margin'], values: (row) => [row.baseLogit, row.answered - row.unanswered] },
      {
        name: 'rerank+dense+examples+multilingual',
        features: ['example_margin', 'example_margin_multilingual'],
        values: (row) => [row.baseLogit, row.answered - row.unanswered, row.answeredMultilingual - row.unansweredMultilingual],
      },
    ]
  : [
      { name: 'rerank+dense+examples', features: ['example_answered', 'example_unanswered'], values: (row) => [row.baseLogit, row.answered, row.unanswered] },
      {
        name: 'rerank+dense+examples+multilingual',
        features: ['example_answered', 'example_unanswered', 'example_answered_multilingual', 'example_unanswered_multilingual'],
        values: (row) => [row.baseLogit, row.answered, row.unanswered, row.answeredMultilingual, row.unansweredMultilingual],
      },
    ];

interface Count {
  refused: number;
  of: number;
}
interface Tally {
  unanswerable: Count;
  answerable: Count;
  unanswerableEs: Count;
  answerableEs: Count;
}

function measure(stack: Stack) {
  const fit = (training: readonly Row[]) =>
    fitLogistic(
      ['base', ...stack.features],
      training.map((row) => ({ values: stack.values(row), label: labelOf(row) })),
      { l2: 1, balance: true },
    );
  const refused = (model: LogisticModel, threshold: number, row: Row) => row.checkRefused || predict(model, stack.values(row)) < (row.anchored ? threshold / 2 : threshold);
  /** The lowest threshold refusing at least `target` of the unanswerable rows (checks and the anchored bar counted). */
  const chooseThreshold = (model: LogisticModel, training: readonly Row[]): number => {
    const unanswerable = training.filter((row) => !row.answerable);
    const scores = unanswerable.map((row) => predict(model, stack.values(row)));
    const candidates = [...new Set([...scores, ...scores.map((score) => 2 * score)])].filter((value) => value <= 1).sort((a, b) => a - b);
    for (const candidate of candidates) {
      const threshold = candidate + 1e-9;
      if (unanswerable.filter((row) => refused(model, threshold, row)).length >= target * unanswerable.length) return threshold;
    }
    return 1;
  };
  const tally = (model: LogisticModel, threshold: number, part: readonly Row[]): Tally => {
    const count = (answerable: boolean, spanish?: boolean): Count => {
      const counted = part.filter((row) => row.answerable === answerable && (spanish === undefined || row.spanish === spanish));
      return { refused: counted.filter((row) => refused(model, threshold, row)).length, of: counted.length };
    };
    return { unanswerable: count(false), answerable: count(true), unanswerableEs: count(false, true), answerableEs: count(true, true) };
  };
  // Left one set out: what the fit says about a set it never saw.
  const add = (a: Count, b: Count): Count => ({ refused: a.refused + b.refused, of: a.of + b.of });
  let loso: Tally = { unanswerable: { refused: 0, of: 0 }, answerable: { refused: 0, of: 0 }, unanswerableEs: { refused: 0, of: 0 }, answerableEs: { refused: 0, of: 0 } };
  for (const set of new Set(rows.map((row) => row.set))) {
    const training = rows.filter((row) => row.set !== set);
    const model = fit(training);
    const part = tally(
      model,
      chooseThreshold(model, training),
      rows.filter((row) => row.set === set),
    );
    loso = {
      unanswerable: add(loso.unanswerable, part.unanswerable),
      answerable: add(loso.answerable, part.answerable),
      unanswerableEs: add(loso.unanswerableEs, part.unanswerableEs),
      answerableEs: add(loso.answerableEs, part.answerableEs),
    };
  }
  const model = fit(rows);
  const threshold = chooseThreshold(model, rows);
  return { model, threshold, fitted: tally(model, threshold, rows), loso, baseOnly: tally({ features: ['base'], means: [0], scales: [1], weights: [1], bias: 0 }, base.threshold, rows) };
}

const format = (t: Tally) =>
  `unanswerable refused ${t.unanswerable.refused}/${t.unanswerable.of}, answerable refused ${t.answerable.refused}/${t.answerable.of} ` +
  `(Spanish ${t.unanswerableEs.refused}/${t.unanswerableEs.of}, ${t.answerableEs.refused}/${t.answerableEs.of})`;
const share = (count: Count) => Number((count.refused / Math.max(count.of, 1)).toFixed(3));

const variants = { ...shipped.variants };
for (const stack of stacks) {
  const { model, threshold, fitted, loso, baseOnly } = measure(stack);
  console.log(`\n${stack.name}`);
  console.log(`  the 'rerank+dense' model alone, as shipped: ${format(baseOnly)}`);
  console.log(`  left one set out:                         ${format(loso)}`);
  console.log(`  fitted on every set:                      ${format(fitted)}`);
  console.log(`  weights (standardised): ${model.features.map((feature, index) => `${feature} ${(model.weights[index] ?? 0).toFixed(3)}`).join(', ')}; threshold ${threshold.toFixed(3)}`);
  // base log-odds = bias₀ + Σ wᵢ (xᵢ − mᵢ)/sᵢ, so its stacked term a·(base − m)/s spreads over the old weights.
  const [baseWeight = 0, ...exampleWeights] = model.weights;
  const [baseMean = 0, ...exampleMeans] = model.means;
  const [baseScale = 1, ...exampleScales] = model.scales;
  const factor = baseWeight / baseScale;
  // A negative factor would turn the cross-encoder's weight negative (and reverse which card reads best).
  if (factor <= 0) throw new Error(`${stack.name}: the shipped model's log-odds got a weight of ${baseWeight}; not written`);
  const variant: CalibratedVariant = {
    model: {
      features: [...base.model.features, ...stack.features],
      means: [...base.model.means, ...exampleMeans],
      scales: [...base.model.scales, ...exampleScales],
      weights: [...base.model.weights.map((weight) => weight * factor), ...exampleWeights],
      bias: model.bias + factor * (base.model.bias - baseMean),
    },
    threshold,
    weakThreshold: threshold / 2,
    measured: {
      unanswerable_refused: share(fitted.unanswerable),
      answerable_refused: share(fitted.answerable),
      es_unanswerable_refused: share(fitted.unanswerableEs),
      es_answerable_refused: share(fitted.answerableEs),
      loso_unanswerable_refused: share(loso.unanswerable),
      loso_answerable_refused: share(loso.answerable),
      questions: rows.length,
      examples: loadKbExamples().examples.length,
    },
  };
  variants[stack.name] = variant;
}
const calibration: AnswerabilityCalibration = { ...shipped, multilingual: multilingualId, variants };
const out = resolve(values.out ?? kbCalibrationPath());
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(calibration, null, 2)}\n`);
console.log(`\nwrote ${out}`);
