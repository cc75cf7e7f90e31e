import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskOutput, KbCard, KbCardSummary, SearchOutput } from '../../../shared/contract.js';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { loadKbEvaluation } from '../../../main/corpora/kb/kb-evaluation.js';
import type { Embedder } from '../../../main/embedding/embedder.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { useTempDirs } from '../../helpers/temp.js';
import { shippedCardFiles, shippedCardsDir } from './kb-fixtures.js';

const tempDir = useTempDirs();
const strategies = ['keyword', 'vector', 'hybrid'] as const;

/** The citation fields of every shipped card, read straight from its front matter. */
const citations = new Map(
  shippedCardFiles().map((name) => {
    const text = readFileSync(join(shippedCardsDir, name), 'utf8');
    const field = (key: string) => new RegExp(`^${key}: (.*)$`, 'm').exec(text)?.[1];
    return [name.replace(/\.md$/, ''), { source_name: field('source_name'), source_url: field('source_url'), title: field('title') }];
  }),
);

async function servicesWith(embedder: Embedder | null): Promise<Services> {
  // The cross-encoder has its own tests (test/model); these are about search and ask around it.
  const services = await createServices({ dataDir: tempDir(), embedder, reranker: null });
  await ingestCorpus(services, services.module('kb') as NonNullable<ReturnType<Services['module']>>);
  return services;
}

async function call<T>(services: Services, operation: string, input: unknown): Promise<T> {
  const result = await services.dispatcher.call(operation, input, { transport: 'cli', role: 'viewer' });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

describe('kb search and ask with an embedder', () => {
  let services: Services;
  beforeAll(async () => {
    services = await servicesWith(createWordHashEmbedder());
  });
  afterAll(async () => {
    await services?.close();
  });

  const search = (query: string, strategy?: string, k = 10) => call<SearchOutput>(services, 'search', { corpus: 'kb', query, k, ...(strategy ? { strategy } : {}) });
  const ask = (question: string, strategy?: string) => call<AskOutput>(services, 'ask', { corpus: 'kb', question, ...(strategy ? { strategy } : {}) });

  it('gives every hit its card id, title, category, section, passage, source name and https URL, as the card file says', async () => {
    const questions = loadKbEvaluation().slice(0, 12);
    for (const strategy of strategies) {
      for (const question of questions) {
        const output = await search(question.query, strategy);
        expect(output.hits.length).toBeGreaterThan(0);
        for (const hit of output.hits) {
          const expected = citations.get(hit.id);
          expect(hit.kb).toMatchObject({ card_id: hit.id, ...expected });
          expect(hit.kb?.source_url).toMatch(/^https:\/\//);
          expect(hit.source).toBe(expected?.source_name);
          expect(hit.kb?.passage.length).toBeGreaterThan(0);
          expect(hit.kb?.section.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('groups chunks back to cards: one hit per card, at most k', async () => {
    for (const strategy of strategies) {
      const output = await search('warfarin bleeding INR', strategy, 5);
      expect(output.hits.length).toBeLessThanOrEqual(5);
      expect(new Set(output.hits.map((hit) => hit.id)).size).toBe(output.hits.length);
    }
  });

  it('shows the passage of the section that matches', async () => {
    const [hit] = (await search('tyramine aged cheese cured meats', 'keyword')).hits;
    expect(hit?.id).toBe('ddi-maoi-tyramine');
    expect(hit?.kb?.passage).toMatch(/cheese/i);
  });

  it('uses settings.kb.strategy when no strategy is given', async () => {
    expect((await search('warfarin')).strategy).toBe('hybrid');
    services.settings.update({ kb: { strategy: 'keyword' } });
    try {
      expect((await search('warfarin')).strategy).toBe('keyword');
    } finally {
      services.settings.update({ kb: { strategy: 'hybrid' } });
    }
  });

  it('refuses in keyword mode when no term of the question is in the KB', async () => {
    const output = await search('zebra xylophone quasar', 'keyword');
    expect(output.hits).toEqual([]);
    expect(output.refused).toBe(true);
    const answer = await ask('zebra xylophone quasar', 'keyword');
    expect(answer.refused).toBe(true);
    expect(answer.answer).toMatch(/The clinical knowledge base has no card that answers this question/);
    expect(answer.citations).toEqual([]);
    expect(answer.disclaimer).toMatch(/not medical advice/);
  });

  it('says so when a hybrid search found cards only by meaning, no word of the question being in the KB', async () => {
    const output = await search('zebra xylophone quasar', 'hybrid');
    expect(output.hits.length).toBeGreaterThan(0);
    expect(output.hits.every((hit) => hit.found_by === 'semantic')).toBe(true);
    expect(output.notices.map((notice) => notice.code)).toContain('semantic_only');
    // Found by meaning alone, nothing is relevant enough to answer from: the search says so too.
    expect(output.refused).toBe(true);
    expect(output.notices.map((notice) => notice.code)).toContain('not_answerable');
    expect((await search('warfarin bleeding', 'hybrid')).notices.map((notice) => notice.code)).not.toContain('semantic_only');
  });

  it('ships the similarity threshold disabled, and when set drops dense hits below it', async () => {
    expect(services.settings.get().kb.min_similarity).toBeNull();
    const open = await search('warfarin bleeding', 'vector');
    expect(open.hits.length).toBeGreaterThan(0);
    const lowest = Math.min(...open.hits.map((hit) => 1 - (hit.explain.vector_distance ?? 0)));
    const highest = Math.max(...open.hits.map((hit) => 1 - (hit.explain.vector_distance ?? 0)));
    try {
      services.settings.update({ kb: { min_similarity: (lowest + highest) / 2 } });
      const filtered = await search('warfarin bleeding', 'vector');
      expect(filtered.hits.length).toBeGreaterThan(0);
      expect(filtered.hits.length).toBeLessThan(open.hits.length);
      for (const hit of filtered.hits) expect(1 - (hit.explain.vector_distance ?? 1)).toBeGreaterThanOrEqual((lowest + highest) / 2);

      services.settings.update({ kb: { min_similarity: 1 } });
      expect((await search('warfarin bleeding', 'vector')).refused).toBe(true);
      const answer = await ask('warfarin bleeding', 'vector');
      expect(answer.refused).toBe(true);
    } finally {
      services.settings.update({ kb: { min_similarity: null } });
    }
  });

  it('answers from the closest cards, quoting them with citations carrying source and URL', async () => {
    const answer = await ask('Can I give ibuprofen to a patient on warfarin?', 'keyword');
    expect(answer.refused).toBe(false);
    expect(answer.language).toBe('en');
    expect(answer.composer).toBe('deterministic');
    expect(answer.citations[0]?.card_id).toBe('ddi-warfarin-nsaids');
    for (const citation of answer.citations) {
      expect(answer.answer).toContain(citation.ref);
      expect(citation).toMatchObject({ kind: 'kb-card', source_name: citations.get(citation.card_id ?? '')?.source_name, source_url: citations.get(citation.card_id ?? '')?.source_url });
    }
    expect(answer.disclaimer).toMatch(/reference material/i);
    expect(answer.grounding.trusted).toBe(true);
  });

  it('answers a Spanish question in Spanish', async () => {
    const answer = await ask('¿Puedo darle ibuprofeno a un paciente que toma warfarina?', 'keyword');
    expect(answer.language).toBe('es');
    expect(answer.disclaimer).toMatch(/no es consejo médico/);
  });

  it('lists the cards and opens one for the reader', async () => {
    const cards = await call<KbCardSummary[]>(services, 'kb.cards', {});
    expect(cards).toHaveLength(shippedCardFiles().length);
    expect(cards.every((card) => card.chunks > 0 && card.source_url.startsWith('https://'))).toBe(true);
    const escalation = await call<KbCardSummary[]>(services, 'kb.cards', { category: 'escalation' });
    expect(escalation.length).toBeGreaterThan(0);
    expect(escalation.every((card) => card.category === 'escalation')).toBe(true);

    const card = await call<KbCard>(services, 'kb.card', { id: 'mi-oars' });
    expect(card).toMatchObject({ id: 'mi-oars', category: 'motivational-interviewing', ...citations.get('mi-oars') });
    expect(card.sections.map((section) => section.heading)).toEqual(['What it is', 'How to do it in a medication review', 'Tips', 'Pitfalls']);
    expect(card.chunks).toBe(4);

    const missing = await services.dispatcher.call('kb.card', { id: 'no-such-card' }, { transport: 'cli', role: 'viewer' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('kb search without an embedder', () => {
  let services: Services;
  beforeAll(async () => {
    services = await servicesWith(null);
  });
  afterAll(async () => {
    await services?.close();
  });

  it('answers vector and hybrid searches by keyword, with a notice and no embedder', async () => {
    for (const strategy of ['vector', 'hybrid']) {
      const output = await call<SearchOutput>(services, 'search', { corpus: 'kb', query: 'ibuprofen warfarin', strategy });
      expect(output.embedder).toBeNull();
      expect(output.notices.map((notice) => notice.code)).toContain('keyword_only');
      expect(output.notices.map((notice) => notice.code)).not.toContain('semantic_only');
      expect(output.hits[0]?.id).toBe('ddi-warfarin-nsaids');
      expect(output.hits.every((hit) => hit.found_by === 'keyword')).toBe(true);
    }
  });

  it('refuses a question with no term in the KB, and answers one with terms', async () => {
    const refused = await call<AskOutput>(services, 'ask', { corpus: 'kb', question: 'zebra xylophone quasar' });
    expect(refused.refused).toBe(true);
    expect(refused.notices.map((notice) => notice.code)).toContain('keyword_only');
    const answered = await call<AskOutput>(services, 'ask', { corpus: 'kb', question: 'What foods should someone on phenelzine avoid?' });
    expect(answered.refused).toBe(false);
    expect(answered.citations[0]?.card_id).toBe('ddi-maoi-tyramine');
  });
});
