/**
 * `tsx scripts/dump-kb-answers.ts --data-dir DIR --out FILE`
 * Development aid for KB sentence choice: for every answerable question with key facts, the cards an answer would
 * quote and, for them and the expected cards, every unit (sentence or list item) with its cross-encoder logit, keyword
 * overlap and embedder cosine, its logit and overlap for each sentence of a question of several (`parts`), and which
 * key facts it holds; and, per card shown, what answers its example questions nearest to the question
 * (`exampleAnswers`, as the app's search gives them). Selection rules are then compared offline on the dump.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createServices } from '../main/app/bootstrap.js';
import { splitSections, withoutSourceLine } from '../main/corpora/kb/card.js';
import { quotableCards } from '../main/corpora/kb/kb-answer.js';
import { asksForAction, unitRerankText } from '../main/corpora/kb/kb-answer-units.js';
import { loadClinicalLexicon } from '../main/corpora/kb/clinical-lexicon.js';
import { asksForDuration, holdsDuration } from '../main/corpora/kb/figure-questions.js';
import { kbEvaluationPaths, loadKbEvaluation } from '../main/corpora/kb/kb-evaluation.js';
import { keywordOverlapScores, quoteUnits } from '../main/corpora/kb/quotes.js';
import { openAppKbSearch } from './kb-script-search.js';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, out: { type: 'string' }, set: { type: 'string' }, quick: { type: 'boolean' } }, strict: true });
const services = await createServices({ dataDir: resolve(values['data-dir'] ?? '') });
const embedder = await services.embedding.get();
const reranker = await services.reranker.get();
if (!embedder || !reranker) throw new Error('needs the local embedder and the reranker');
const { repository, search } = openAppKbSearch(services);
const lexicon = loadClinicalLexicon();
const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);
const out = [];
for (const question of (values.set ? [resolve(values.set)] : kbEvaluationPaths()).flatMap((path) => loadKbEvaluation(path))) {
  const retrieval = await search.retrieve(question.query, { k: 5 });
  const quotable = retrieval.answerability.answerable ? quotableCards(retrieval).map((card) => card.passage.card_id) : [];
  const cardIds = values.quick ? [] : [...new Set([...quotable, ...(question.keyFacts.length > 0 ? question.expected : [])])];
  const english = retrieval.query.english;
  const queryVector = await embedder.embedQuery(english);
  const cards = [];
  for (const cardId of cardIds) {
    const card = repository.card(cardId);
    if (!card) continue;
    const sections = withoutSourceLine(splitSections(card.body));
    const units = sections.flatMap((section) => quoteUnits(section.text).map((unit) => ({ section, unit })));
    const overlap = keywordOverlapScores(english, [units.map((entry) => entry.unit)])[0] ?? [];
    const texts = units.map((entry) => unitRerankText(card.title, entry.section.heading, entry.unit));
    const logits = await reranker.score(english, texts);
    const parts = retrieval.query.parts;
    const partLogits: number[][] = [];
    for (const part of parts)
      partLogits.push(
        await reranker.score(
          part,
          units.map((entry) => unitRerankText(card.title, entry.section.heading, entry.unit)),
        ),
      );
    const partOverlaps = parts.map((part) => keywordOverlapScores(part, [units.map((entry) => entry.unit)])[0] ?? []);
    const vectors = await embedder.embedDocuments(units.map((entry) => `${card.title}. ${entry.section.heading}. ${entry.unit.text}`));
    cards.push({
      id: cardId,
      title: card.title,
      titleMentions: [...new Set(lexicon.find(card.title).map((mention) => mention.canonical))],
      units: units.map((entry, index) => ({
        section: entry.section.heading,
        position: entry.unit.position,
        text: entry.unit.text,
        logit: logits[index],
        overlap: overlap[index],
        partLogits: partLogits.map((logits) => logits[index]),
        partOverlaps: partOverlaps.map((overlaps) => overlaps[index]),
        cosine: dot(queryVector, vectors[index] as Float32Array),
        mentions: [...new Set(lexicon.find(entry.unit.text).map((mention) => mention.canonical))],
        duration: holdsDuration(entry.unit.text),
        facts: question.keyFacts.map((alternatives) => alternatives.some((fact) => entry.unit.text.toLowerCase().includes(fact.toLowerCase()))),
      })),
    });
  }
  out.push({
    figure: retrieval.answerability.figure,
    population: retrieval.answerability.population,
    aspect: retrieval.answerability.aspect,
    food: retrieval.answerability.food,
    interaction: retrieval.answerability.interaction,
    threshold: retrieval.answerability.threshold,
    uncovered: retrieval.answerability.uncovered,
    set: question.set,
    probability: retrieval.answerability.probability,
    id: question.id,
    half: question.half,
    query: question.query,
    english,
    parts: retrieval.query.parts,
    action: asksForAction(question.query) || asksForAction(english),
    duration: asksForDuration(question.query) || asksForDuration(english),
    expected: question.expected,
    quotable,
    exampleAnswers: Object.fromEntries(retrieval.exampleAnswers),
    top: retrieval.cards.slice(0, 3).map((card) => ({
      id: card.passage.card_id,
      probability: card.probability,
      rerank: card.signals.rerank,
      cosine: card.signals.cosine,
      coverage: card.signals.cardCoverage,
      mentionCount: card.signals.mentionCount,
      uncoveredDrugs: card.signals.uncoveredDrugs,
    })),
    mentions: retrieval.query.mentions.map((mention) => `${mention.canonical}:${mention.kind}`),
    englishMentions: [...new Set(lexicon.find(english).map((mention) => mention.canonical))],
    answerable: retrieval.answerability.answerable,
    keyFacts: question.keyFacts,
    cards,
  });
  process.stderr.write('.');
}
writeFileSync(values.out ?? '.cache/kb-answers.json', JSON.stringify(out));
await services.close();
