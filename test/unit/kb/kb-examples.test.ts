import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldText } from '../../../main/core/text-folding.js';
import { kbEvaluationPaths, loadKbEvaluation } from '../../../main/corpora/kb/kb-evaluation.js';
import { createKbExampleIndex, defaultKbExamplesDir, describeKbExamples, firstCardExampleBar, loadKbExamples } from '../../../main/corpora/kb/kb-examples.js';
import { parseCard, splitSections, withoutSourceLine } from '../../../main/corpora/kb/card.js';
import { unitAnswers } from '../../../main/corpora/kb/kb-answer-units.js';
import { quoteUnits, type QuoteUnit } from '../../../main/corpora/kb/quotes.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const cards = new Set(['ddi-warfarin-nsaids']);

function bank(files: Record<string, unknown>): string {
  const dir = join(tempDir(), 'examples');
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

const warfarinCard = {
  card: 'ddi-warfarin-nsaids',
  answered: [
    { language: 'en', question: 'can he take ibuprofen with his warfarin' },
    { language: 'es', question: 'puede tomar ibuprofeno con el sintrom' },
  ],
  not_answered: [{ language: 'en', question: 'what is the warfarin dose for a child', why: 'no card gives a dose for children' }],
};
const outside = { card: null, answered: [], not_answered: [{ language: 'en', question: 'how do I change the oil in my car', why: 'not clinical' }] };

describe('the KB example questions', () => {
  it('reads every file of the directory, answered and unanswered, and skips what is not JSON', () => {
    const dir = bank({ 'ddi-warfarin-nsaids.json': warfarinCard, 'out-of-scope.json': outside, 'README.md': '# not a bank file' });
    const { examples, files } = loadKbExamples(dir);
    expect(files).toBe(2);
    expect(examples.filter((example) => example.answered).map((example) => example.question)).toEqual(warfarinCard.answered.map((entry) => entry.question));
    expect(examples.filter((example) => !example.answered).map((example) => [example.card, example.question])).toEqual([
      ['ddi-warfarin-nsaids', 'what is the warfarin dose for a child'],
      [null, 'how do I change the oil in my car'],
    ]);
  });

  it('stops with the file named when one does not parse or breaks the format', () => {
    expect(() => loadKbExamples(bank({ 'broken.json': '{"card": "x", ' }))).toThrow(/Cannot read the KB example questions .*broken\.json/);
    const noWhy = { ...warfarinCard, not_answered: [{ language: 'en', question: 'what dose for a child' }] };
    expect(() => loadKbExamples(bank({ 'no-why.json': noWhy }))).toThrow(/no-why\.json are invalid.*why/s);
    const badLanguage = { ...warfarinCard, answered: [{ language: 'fr', question: 'peut-il prendre' }] };
    expect(() => loadKbExamples(bank({ 'french.json': badLanguage }))).toThrow(/french\.json are invalid/);
  });

  it('is empty, not an error, when the directory is absent', () => {
    expect(loadKbExamples(join(tempDir(), 'nowhere'))).toEqual({ examples: [], files: 0 });
  });

  it('ships a bank whose every card-bound file names a card of the KB', () => {
    const { examples } = loadKbExamples(defaultKbExamplesDir());
    const cards = new Set(examples.flatMap((example) => (example.card === null ? [] : [example.card])));
    expect(examples.some((example) => example.answered)).toBe(true);
    expect(examples.some((example) => !example.answered)).toBe(true);
    for (const card of cards) expect(existsSync(join(defaultKbExamplesDir(), '..', 'clinical', `${card}.md`)), card).toBe(true);
  });

  it("reads what answers an answered example, and ships every answered example with one to three units of its card that the card's quotes can find", () => {
    const answered = { ...warfarinCard, answered: [{ ...warfarinCard.answered[0], answer: ['Avoid the combination.'] }, warfarinCard.answered[1]] };
    const { examples } = loadKbExamples(bank({ 'ddi-warfarin-nsaids.json': answered }));
    expect(examples.map((example) => example.answer)).toEqual([['Avoid the combination.'], [], []]);
    const tooMany = { ...warfarinCard, answered: [{ ...warfarinCard.answered[0], answer: ['a', 'b', 'c', 'd'] }] };
    expect(() => loadKbExamples(bank({ 'too-many.json': tooMany }))).toThrow(/too-many\.json are invalid/);

    const shipped = loadKbExamples(defaultKbExamplesDir()).examples.filter((example) => example.answered && example.card !== null);
    expect(shipped.length).toBeGreaterThan(400);
    const unitsOf = new Map<string, QuoteUnit[]>();
    const missing: string[] = [];
    for (const example of shipped) {
      const card = example.card as string;
      if (!unitsOf.has(card)) {
        const { body } = parseCard(`${card}.md`, card, readFileSync(join(defaultKbExamplesDir(), '..', 'clinical', `${card}.md`), 'utf8'));
        unitsOf.set(card, withoutSourceLine(splitSections(body)).flatMap((section) => quoteUnits(section.text)));
      }
      expect(example.answer.length, example.question).toBeGreaterThan(0);
      for (const answer of example.answer) if (!(unitsOf.get(card) ?? []).some((unit) => unitAnswers(unit, answer))) missing.push(`${card}: ${answer}`);
    }
    expect(missing).toEqual([]);
  });

  it('holds no question of the evaluation sets, which measure it', () => {
    const fold = (text: string) => foldText(text).replace(/\s+/g, ' ').trim();
    const evaluated = new Set(kbEvaluationPaths().flatMap((path) => loadKbEvaluation(path).map((question) => fold(question.query))));
    expect(evaluated.size).toBeGreaterThan(900);
    const shared = loadKbExamples(defaultKbExamplesDir()).examples.filter((example) => evaluated.has(fold(example.question)));
    expect(shared.map((example) => example.question)).toEqual([]);
  });
});

describe('the example index', () => {
  const indexOver = (dir: string, cachePath: string, textOf = (question: string) => question) =>
    createKbExampleIndex({ examples: () => loadKbExamples(dir), textOf, cachePath });

  it('gives the cosine to the nearest answered and the nearest unanswered example', async () => {
    const dir = bank({ 'ddi-warfarin-nsaids.json': warfarinCard, 'out-of-scope.json': outside });
    const embedder = createWordHashEmbedder();
    const index = indexOver(dir, join(tempDir(), 'vectors.json'));
    const close = await index.similarity('can he take ibuprofen with his warfarin', embedder, cards);
    expect(close?.answered).toBeCloseTo(1, 5);
    expect(close?.unanswered).toBeLessThan(0.9);
    // Each card of the KB with answered examples: the nearest of its own.
    expect(close?.byCard.get('ddi-warfarin-nsaids')).toBeCloseTo(1, 5);
    expect(close?.byCard.size).toBe(1);
    // And each answered example of such a card, by its place in the bank.
    expect([...(close?.byExample.keys() ?? [])].map((at) => index.example(at)?.question)).toEqual(warfarinCard.answered.map((entry) => entry.question));
    expect(close?.byExample.get(0)).toBeCloseTo(1, 5);
    const car = await index.similarity('how do I change the oil in my car', embedder, cards);
    expect(car?.unanswered).toBeCloseTo(1, 5);
    expect(car?.answered).toBeLessThan(0.9);
  });

  it('reads the examples through the English form, as a question is read', async () => {
    const dir = bank({ 'ddi-warfarin-nsaids.json': warfarinCard, 'out-of-scope.json': outside });
    const index = indexOver(dir, join(tempDir(), 'vectors.json'), (question) => question.replace('sintrom', 'acenocoumarol').replace('ibuprofeno', 'ibuprofen'));
    const found = await index.similarity('puede tomar ibuprofen con el acenocoumarol', createWordHashEmbedder(), cards);
    expect(found?.answered).toBeCloseTo(1, 5);
  });

  it('embeds the bank once: a later process reads the cache file, another embedder embeds again', async () => {
    const dir = bank({ 'ddi-warfarin-nsaids.json': warfarinCard, 'out-of-scope.json': outside });
    const cachePath = join(tempDir(), 'vectors.json');
    const first = createWordHashEmbedder();
    await indexOver(dir, cachePath).prepare(first);
    expect(first.calls.queries).toBe(4);
    expect(existsSync(cachePath)).toBe(true);

    const second = createWordHashEmbedder();
    const fromCache = await indexOver(dir, cachePath).similarity('ibuprofen and warfarin', second, cards);
    expect(second.calls.queries).toBe(1); // the question only
    const computed = await indexOver(dir, join(tempDir(), 'other.json')).similarity('ibuprofen and warfarin', createWordHashEmbedder(), cards);
    expect(fromCache).toEqual(computed);

    const other = createWordHashEmbedder({ id: 'test:another', dimensions: 32 });
    await indexOver(dir, cachePath).prepare(other);
    expect(other.calls.queries).toBe(4);
  });

  it('embeds again over a damaged cache and rewrites it', async () => {
    const dir = bank({ 'ddi-warfarin-nsaids.json': warfarinCard, 'out-of-scope.json': outside });
    const cachePath = join(tempDir(), 'vectors.json');
    writeFileSync(cachePath, '{"version": 1, "embedder": "test:word-hash:64", "vectors": {"abc": 7}');
    const embedder = createWordHashEmbedder();
    const found = await indexOver(dir, cachePath).similarity('can he take ibuprofen with his warfarin', embedder, cards);
    expect(found?.answered).toBeCloseTo(1, 5);
    expect(embedder.calls.queries).toBe(5);
    expect(JSON.parse(readFileSync(cachePath, 'utf8'))).toMatchObject({ version: 1, embedder: 'test:word-hash:64' });
  });

  it("counts a card's answered examples only when the KB holds the card, and every unanswered one", async () => {
    const dir = bank({ 'ddi-warfarin-nsaids.json': warfarinCard, 'out-of-scope.json': outside });
    const index = indexOver(dir, join(tempDir(), 'vectors.json'));
    // A KB of one's own documents: none of the shipped cards, so no example is read at all.
    expect(await index.similarity('can he take ibuprofen with his warfarin', createWordHashEmbedder(), new Set(['my-own-notes']))).toBeNull();
    const other = { ...warfarinCard, card: 'ddi-lithium-nsaids-thiazides-acei', answered: [{ language: 'en', question: 'lithium and naproxen together' }] };
    const both = bank({ 'ddi-warfarin-nsaids.json': warfarinCard, 'ddi-lithium.json': other });
    const found = await indexOver(both, join(tempDir(), 'vectors.json')).similarity('lithium and naproxen together', createWordHashEmbedder(), cards);
    // The lithium card is not in this KB: its answered example does not count, its unanswered one (a child's dose) does.
    expect(found?.answered).toBeLessThan(0.9);
    expect([...(found?.byCard.keys() ?? [])]).toEqual(['ddi-warfarin-nsaids']);
    const child = await indexOver(both, join(tempDir(), 'vectors.json')).similarity('what is the warfarin dose for a child', createWordHashEmbedder(), new Set(['ddi-lithium-nsaids-thiazides-acei']));
    expect(child?.unanswered).toBeCloseTo(1, 5);
  });

  it('answers from memory when the cache cannot be written', async () => {
    const dir = bank({ 'ddi-warfarin-nsaids.json': warfarinCard, 'out-of-scope.json': outside });
    const blocker = join(tempDir(), 'a-file');
    writeFileSync(blocker, 'not a directory');
    const embedder = createWordHashEmbedder();
    const index = indexOver(dir, join(blocker, 'vectors.json'));
    expect((await index.similarity('can he take ibuprofen with his warfarin', embedder, cards))?.answered).toBeCloseTo(1, 5);
    await index.similarity('warfarin and ibuprofen', embedder, cards);
    expect(embedder.calls.queries).toBe(6); // the bank once, then the two questions
  });

  it('reads the examples again when what their reading depends on changes (the glossary)', async () => {
    const dir = bank({ 'ddi-warfarin-nsaids.json': warfarinCard, 'out-of-scope.json': outside });
    let glossary = true;
    const index = createKbExampleIndex({
      examples: () => loadKbExamples(dir),
      textOf: (question) => (glossary ? question.replace('sintrom', 'acenocoumarol') : question),
      readingKey: () => String(glossary),
      cachePath: join(tempDir(), 'vectors.json'),
    });
    const embedder = createWordHashEmbedder();
    expect((await index.similarity('puede tomar ibuprofeno con el acenocoumarol', embedder, cards))?.answered).toBeCloseTo(1, 5);
    glossary = false;
    expect((await index.similarity('puede tomar ibuprofeno con el acenocoumarol', embedder, cards))?.answered).toBeLessThan(0.99);
  });

  it('gives nothing without examples of both kinds', async () => {
    const dir = bank({ 'ddi-warfarin-nsaids.json': { ...warfarinCard, not_answered: [] } });
    expect(await indexOver(dir, join(tempDir(), 'vectors.json')).similarity('warfarin', createWordHashEmbedder(), cards)).toBeNull();
  });
});

describe('what the status says of the example questions', () => {
  const calibration = { embedder: 'bge-small-en-v1.5', multilingual: 'local:use-multilingual-v3:512:q8:use1', variants: { 'rerank+dense+examples': {}, 'rerank+dense+examples+multilingual': {} } };
  const on = { embedderModel: 'bge-small-en-v1.5', rerankerOn: true, switchedOn: true };

  it('names the answerability variant questions are scored with, the multilingual one only with its own model', () => {
    const dir = bank({ 'ddi-warfarin-nsaids.json': warfarinCard, 'out-of-scope.json': outside });
    expect(describeKbExamples(calibration, { ...on, multilingualId: 'local:use-multilingual-v3:512:q8:use1' }, dir)).toMatchObject({
      calibrated: true,
      variant: 'rerank+dense+examples+multilingual',
      problem: null,
      first_card_bar: firstCardExampleBar,
    });
    expect(describeKbExamples(calibration, { ...on, multilingualId: null }, dir).variant).toBe('rerank+dense+examples');
    expect(describeKbExamples(calibration, { ...on, multilingualId: 'local:another:512' }, dir).variant).toBe('rerank+dense+examples');
    expect(describeKbExamples(calibration, { ...on, rerankerOn: false, multilingualId: 'local:use-multilingual-v3:512:q8:use1' }, dir)).toMatchObject({ calibrated: false, variant: null, first_card_bar: null });
  });
});
