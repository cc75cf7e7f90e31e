import { describe, expect, it } from 'vitest';
import type { AskInput } from '../../../shared/contract.js';
import type { LlmChoice } from '../../../main/answer/llm/create-llm.js';
import { LlmError, type LlmClient, type LlmRequest } from '../../../main/answer/llm/llm-client.js';
import { askKb, spokenName } from '../../../main/corpora/kb/kb-ask.js';
import { loadClinicalLexicon } from '../../../main/corpora/kb/clinical-lexicon.js';
import type { KbCardHit, KbSearch } from '../../../main/corpora/kb/kb-search.js';
import { cardHit, retrievalOf, wholePassageQuotes } from '../../helpers/kb-hits.js';

const hit: KbCardHit = cardHit('esc-hypoglycemia', 'Hypoglycemia — the 15-15 rule', 'What to do', 'Give 15 grams of fast-acting carbohydrate, then recheck after 15 minutes.');

function searchReturning(cards: KbCardHit[]): KbSearch & { strategies: (string | undefined)[] } {
  const strategies: (string | undefined)[] = [];
  return {
    strategies,
    async retrieve(_query, options) {
      strategies.push(options.strategy);
      return { ...retrievalOf(cards), strategy: options.strategy ?? 'hybrid', embedder: 'test' };
    },
    search: () => Promise.reject(new Error('not used')),
  };
}

/** askKb's dependencies with the card's passage as its only section and no cross-encoder. */
function deps(cards: KbCardHit[], llm: () => LlmChoice) {
  const search = searchReturning(cards);
  const sections = new Map(cards.map((card) => [card.passage.card_id, wholePassageQuotes(card).sections]));
  return { search, llm, sectionsOf: async (cardId: string) => sections.get(cardId) ?? [], reranker: async () => null, lexicon: loadClinicalLexicon };
}

function model(reply: string | Error): LlmClient & { requests: LlmRequest[] } {
  const requests: LlmRequest[] = [];
  return {
    id: 'test:model',
    requests,
    async complete(request) {
      requests.push(request);
      if (reply instanceof Error) throw reply;
      return reply;
    },
  };
}

const input = (question: string, strategy?: AskInput['strategy']): AskInput => ({ corpus: 'kb', question, profile: 'default', ...(strategy ? { strategy } : {}) });
const none = (): LlmChoice => ({ kind: 'none' });

describe('asking the KB', () => {
  it('quotes the cards when no language model is configured, with the strategy asked for', async () => {
    const dependencies = deps([hit], none);
    const answer = await askKb(dependencies, input('What do I do for low blood sugar?', 'vector'));
    expect(answer.composer).toBe('deterministic');
    expect(answer.answer).toContain('“Give 15 grams of fast-acting carbohydrate, then recheck after 15 minutes.” [1]');
    expect(dependencies.search.strategies).toEqual(['vector']);
  });

  it('refuses without calling the model when nothing was retrieved', async () => {
    const client = model('anything');
    const answer = await askKb(deps([], () => ({ kind: 'client', client })), input('taxes?'));
    expect(answer.refused).toBe(true);
    expect(client.requests).toHaveLength(0);
  });

  it('refuses without calling the model when no card is relevant enough', async () => {
    const client = model('anything');
    const weak = cardHit('esc-hypoglycemia', 'Hypoglycemia — the 15-15 rule', 'What to do', 'Give 15 grams.', 'weak');
    const answer = await askKb(deps([weak], () => ({ kind: 'client', client })), input('What is the amoxicillin dose for otitis?'));
    expect(answer.refused).toBe(true);
    expect(answer.answerability?.answerable).toBe(false);
    expect(client.requests).toHaveLength(0);
  });

  it('lets a configured model write the answer from the same passages, checking its figures against them', async () => {
    const client = model('Give 15 grams of fast carbohydrate and recheck after 15 minutes [1].');
    const answer = await askKb(deps([hit], () => ({ kind: 'client', client })), input('low blood sugar?'));
    expect(answer.composer).toBe('llm');
    // The lead line (the card's title and its "What to do" unit, quoted) opens it; every figure is the card's.
    expect(answer.answer).toBe(
      'Hypoglycemia — the 15-15 rule: strong match. What to do: “Give 15 grams of fast-acting carbohydrate, then recheck after 15 minutes.” [1]\nGive 15 grams of fast carbohydrate and recheck after 15 minutes [1].',
    );
    expect(answer.grounding).toMatchObject({ unverified: 0, trusted: true });
    expect(answer.citations.map((citation) => citation.card_id)).toEqual(['esc-hypoglycemia']);
    expect(client.requests[0]?.user).toContain(answer.context);
    expect(client.requests[0]?.system).toMatch(/ONLY the numbered passages/);
  });

  it("flags a model's figure that only another cited card holds", async () => {
    const lithium = cardHit('esc-lithium-toxicity', 'Lithium toxicity', 'Red flags', 'Levels above 2 mEq/L are dangerous.');
    const client = model('Give 15 grams [1]. Lithium above 2 mEq/L is dangerous [1].');
    const answer = await askKb(deps([hit, lithium], () => ({ kind: 'client', client })), input('low blood sugar and lithium?'));
    expect(answer.grounding.figures.filter((figure) => !figure.verified).map((figure) => figure.value)).toEqual([2]);
  });

  it("flags a model's figure that the passages do not hold", async () => {
    const client = model('Give 20 grams of carbohydrate [1].');
    const answer = await askKb(deps([hit], () => ({ kind: 'client', client })), input('low blood sugar?'));
    expect(answer.grounding.trusted).toBe(false);
    expect(answer.grounding.figures.find((figure) => !figure.verified)?.value).toBe(20);
    expect(answer.notices.map((notice) => notice.code)).toContain('unverified_figures');
  });

  it('falls back to the quotes, with a notice, when the model fails or is misconfigured', async () => {
    const failed = await askKb(deps([hit], () => ({ kind: 'client', client: model(new LlmError('it did not answer in time')) })), input('low blood sugar?'));
    expect(failed.composer).toBe('deterministic');
    expect(failed.notices.map((notice) => notice.code)).toEqual(['llm_failed']);
    const misconfigured = await askKb(deps([hit], () => ({ kind: 'misconfigured', problem: 'no base URL' })), input('low blood sugar?'));
    expect(misconfigured.composer).toBe('deterministic');
    expect(misconfigured.notices[0]?.message).toMatch(/no base URL/);
  });
});

describe('how a refusal names a medicine or condition', () => {
  it('uses the lexicon\'s Spanish name in a Spanish answer, and the canonical name otherwise', () => {
    const lexicon = loadClinicalLexicon();
    expect(spokenName(lexicon, 'es')('sexual dysfunction')).toBe('disfunción sexual');
    expect(spokenName(lexicon, 'es')('warfarin')).toBe('warfarina');
    expect(spokenName(lexicon, 'en')('warfarin')).toBe('warfarin');
    // A word the lexicon does not hold (an aspect asked about) is itself.
    expect(spokenName(lexicon, 'es')('husband')).toBe('husband');
  });
});
