import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AskOutput, SearchOutput } from '../../../shared/contract.js';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import type { AnswerabilityVariant } from '../../../main/corpora/kb/answerability.js';
import { loadKbCalibration } from '../../../main/corpora/kb/kb-calibration-file.js';
import type { Reranker } from '../../../main/reranking/reranker.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { createSharedWordReranker } from '../../helpers/fake-reranker.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const opened: Services[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.close();
});

async function kbWith(options: { reranker?: Reranker | null; rerankerDir?: string }): Promise<Services> {
  const services = await createServices({ dataDir: tempDir(), embedder: createWordHashEmbedder(), ...options });
  opened.push(services);
  await ingestCorpus(services, services.module('kb') as NonNullable<ReturnType<Services['module']>>);
  return services;
}

async function call<T>(services: Services, operation: 'search' | 'ask', input: Record<string, unknown>): Promise<T> {
  const result = await services.dispatcher.call(operation, input, { transport: 'cli', role: 'viewer' });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

/** A reranker that puts one card's passages first, whatever the query: its effect on the order is unmistakable. */
function favouring(cardTitle: string): Reranker {
  return { id: 'test:favouring:1', score: async (_query, passages) => passages.map((passage) => (passage.startsWith(cardTitle) ? 10 : -10)) };
}

describe('the KB with a cross-encoder', () => {
  it('reads the first stage with the cross-encoder, keeps its order (kb-search defaultRerankOrder) and reports the scores', async () => {
    const query = 'warfarin bleeding with ibuprofen';
    const plain = await kbWith({ reranker: null });
    const firstStage = await call<SearchOutput>(plain, 'search', { corpus: 'kb', query, k: 10, strategy: 'keyword' });
    expect(firstStage.reranker).toBeNull();
    // The third card of the first stage, read as the only relevant one by the cross-encoder, keeps its place.
    const third = firstStage.hits[2];
    if (!third) throw new Error('the first stage found fewer than three cards');
    const services = await kbWith({ reranker: favouring(third.title) });
    const reranked = await call<SearchOutput>(services, 'search', { corpus: 'kb', query, k: 10, strategy: 'keyword' });
    expect(reranked.reranker).toBe('test:favouring:1');
    expect(reranked.hits.map((hit) => hit.id)).toEqual(firstStage.hits.map((hit) => hit.id));
    expect(reranked.hits.find((hit) => hit.id === third.id)?.explain.rerank_score).toBe(10);
    expect(reranked.hits[0]?.explain.rerank_score).toBe(-10);
  });

  it('ranks without it, with a notice, when the cross-encoder fails, and still answers', async () => {
    const services = await kbWith({ reranker: createSharedWordReranker({ fail: true }) });
    const output = await call<SearchOutput>(services, 'search', { corpus: 'kb', query: 'ibuprofen warfarin', k: 5, strategy: 'keyword' });
    expect(output.notices.map((notice) => notice.code)).toContain('reranker_failed');
    expect(output.reranker).toBeNull();
    expect(output.hits[0]?.id).toBe('ddi-warfarin-nsaids');
  });

  it('ranks without it, saying why, when its model is missing or corrupt', async () => {
    const missing = await kbWith({ rerankerDir: join(tempDir(), 'no-such-model') });
    const output = await call<SearchOutput>(missing, 'search', { corpus: 'kb', query: 'ibuprofen warfarin', k: 5, strategy: 'keyword' });
    expect(output.notices.find((notice) => notice.code === 'reranker_unavailable')?.message).toMatch(/Ranked without the cross-encoder: reranking is off/);
    expect(output.hits[0]?.id).toBe('ddi-warfarin-nsaids');

    const corruptDir = join(tempDir(), 'corrupt-model');
    mkdirSync(join(corruptDir, 'onnx'), { recursive: true });
    writeFileSync(join(corruptDir, 'onnx', 'model_quantized.onnx'), 'not a model');
    const corrupt = await kbWith({ rerankerDir: corruptDir });
    const answer = await call<AskOutput>(corrupt, 'ask', { corpus: 'kb', question: 'Can I give ibuprofen to a patient on warfarin?', strategy: 'keyword' });
    expect(answer.notices.map((notice) => notice.code)).toContain('reranker_unavailable');
    expect(answer.citations[0]?.card_id).toBe('ddi-warfarin-nsaids');
  });
});

describe('answerability settings', () => {
  it('quotes the closest card when answerability is switched off, and says so', async () => {
    const services = await kbWith({ reranker: null });
    const question = 'How do I change a flat tire on a Honda Civic?';
    expect((await call<AskOutput>(services, 'ask', { corpus: 'kb', question })).refused).toBe(true);
    services.settings.update({ kb: { answerability: false } });
    const answered = await call<AskOutput>(services, 'ask', { corpus: 'kb', question });
    expect(answered.refused).toBe(false);
    expect(answered.answerability?.reason).toMatch(/switched off/);
  });

  it('refuses more with a higher minimum answerability than the calibrated one', async () => {
    const services = await kbWith({ reranker: null });
    const question = 'Can I give ibuprofen to a patient on warfarin?';
    const calibrated = await call<AskOutput>(services, 'ask', { corpus: 'kb', question });
    expect(calibrated.refused).toBe(false);
    services.settings.update({ kb: { min_answerability: 1 } });
    const strict = await call<AskOutput>(services, 'ask', { corpus: 'kb', question });
    expect(strict.refused).toBe(true);
    expect(strict.answerability?.threshold).toBe(1);
  });
});

/** A cross-encoder that reads every passage alike, at one logit: the question's probability then follows from it. */
function constant(logit: number): Reranker {
  return { id: `test:constant:${logit}`, score: async (_query, passages) => passages.map(() => logit) };
}

/**
 * The cross-encoder logit that puts a question's answerability probability at `target`, from the contributions of
 * its other signals (read from an answer given with a logit of 0) and the calibrated model's rerank weight.
 */
async function logitFor(question: string, target: number): Promise<number> {
  const services = await kbWith({ reranker: constant(0) });
  const { answerability } = await call<AskOutput>(services, 'ask', { corpus: 'kb', question, strategy: 'keyword' });
  if (!answerability) throw new Error('no answerability');
  const variant = loadKbCalibration().variants[answerability.model as AnswerabilityVariant];
  if (!variant) throw new Error(`no calibrated variant ${answerability.model}`);
  const index = variant.model.features.indexOf('rerank');
  const others = answerability.signals.filter((signal) => signal.name !== 'rerank').reduce((sum, signal) => sum + signal.contribution, 0);
  const needed = Math.log(target / (1 - target)) - variant.model.bias - others;
  return (variant.model.means[index] as number) + ((variant.model.scales[index] as number) * needed) / (variant.model.weights[index] as number);
}

describe('a question whose first card covers every medicine and condition it names', () => {
  const variant = loadKbCalibration().variants.rerank;
  const between = (variant.weakThreshold + variant.threshold) / 2;
  const named = 'Can I give ibuprofen to a patient on warfarin?';

  it('is answered from the weak bar up, quoting that card as a weak match', async () => {
    // The cross-encoder reads the first card (warfarin with NSAIDs) as unrelated and another as close: the question's
    // probability comes from the other card, and the first is labelled a weak match, not "not relevant", and quoted.
    const logit = await logitFor(named, between);
    const reranker: Reranker = { id: 'test:anchor:1', score: async (_query, passages) => passages.map((passage) => (passage.startsWith('Warfarin with NSAIDs') ? -20 : logit)) };
    const services = await kbWith({ reranker });
    const answered = await call<AskOutput>(services, 'ask', { corpus: 'kb', question: named, strategy: 'keyword' });
    expect(answered.answerability?.model).toBe('rerank');
    expect(answered.answerability?.probability).toBeCloseTo(between, 3);
    expect(answered.refused).toBe(false);
    expect(answered.answerability?.threshold).toBeCloseTo(variant.weakThreshold, 6);
    expect(answered.answerability?.reason).toMatch(/first card covers every medicine and condition the question names/);
    expect(answered.citations.map((citation) => citation.card_id)).toEqual(['ddi-warfarin-nsaids']);
    expect(answered.lead?.relevance).toBe('weak');
    const found = await call<SearchOutput>(services, 'search', { corpus: 'kb', query: named, k: 5, strategy: 'keyword' });
    expect(found.hits[0]?.relevance).toBe('weak');
  });

  it('keeps the calibrated threshold for a question naming nothing', async () => {
    const unnamed = 'She says yes but to every single thing I suggest. What am I doing wrong?';
    const services = await kbWith({ reranker: constant(await logitFor(unnamed, between)) });
    const refused = await call<AskOutput>(services, 'ask', { corpus: 'kb', question: unnamed, strategy: 'keyword' });
    expect(refused.answerability?.probability).toBeCloseTo(between, 3);
    expect(refused.refused).toBe(true);
    expect(refused.answerability?.threshold).toBeCloseTo(variant.threshold, 6);
  });

  it('is held to the minimum the user sets, like every question', async () => {
    const services = await kbWith({ reranker: constant(await logitFor(named, between)) });
    services.settings.update({ kb: { min_answerability: variant.threshold } });
    const strict = await call<AskOutput>(services, 'ask', { corpus: 'kb', question: named, strategy: 'keyword' });
    expect(strict.refused).toBe(true);
    expect(strict.answerability?.threshold).toBe(variant.threshold);
  });
});

describe('questions at the edges', () => {
  it('answers or refuses a 2,000-character, an emoji-only and a mixed-language question without failing', async () => {
    const services = await kbWith({ reranker: createSharedWordReranker() });
    const long = `${'The patient takes warfarin and asks about pain relief. '.repeat(36)}`.slice(0, 2000);
    for (const question of [long, '😂😂🙏💊', 'el patient toma warfarin and ibuprofeno, is it ok?']) {
      const answer = await call<AskOutput>(services, 'ask', { corpus: 'kb', question });
      expect(answer.answer.length, question.slice(0, 30)).toBeGreaterThan(0);
      expect(answer.answerability, question.slice(0, 30)).toBeDefined();
    }
  });

  it('refuses an empty or over-long question with a clear error, changing nothing', async () => {
    const services = await kbWith({ reranker: null });
    for (const question of ['   ', 'x'.repeat(2001)]) {
      const result = await services.dispatcher.call('ask', { corpus: 'kb', question }, { transport: 'cli', role: 'viewer' });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toMatch(/query is empty|longer than 2000/);
    }
  });
});
