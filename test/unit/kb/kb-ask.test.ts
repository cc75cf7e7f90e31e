import { describe, expect, it } from 'vitest';
import type { AskInput } from '../../../shared/contract.js';
import type { LlmChoice } from '../../../main/answer/llm/create-llm.js';
import { LlmError, type LlmClient, type LlmRequest } from '../../../main/answer/llm/llm-client.js';
import { askKb } from '../../../main/corpora/kb/kb-ask.js';
import type { KbCardHit, KbSearch } from '../../../main/corpora/kb/kb-search.js';

const hit: KbCardHit = {
  fused: { id: 1, score: 1, paths: ['vector'], keywordRank: null, keywordScore: null, keywordNormalized: null, vectorRank: 1, vectorDistance: 0.2 },
  passage: {
    id: 7,
    owner: null,
    card_id: 'esc-hypoglycemia',
    chunk_index: 1,
    section: 'What to do',
    passage: 'Give 15 grams of fast-acting carbohydrate, then recheck after 15 minutes.',
    content_hash: 'h',
    embed_text: 'e',
    embed_hash: 'e',
    title: 'Hypoglycemia — the 15-15 rule',
    category: 'escalation',
    source_name: 'NIDDK — Low Blood Glucose',
    source_url: 'https://www.niddk.nih.gov/x',
  },
};

function searchReturning(cards: KbCardHit[]): KbSearch & { strategies: (string | undefined)[] } {
  const strategies: (string | undefined)[] = [];
  return {
    strategies,
    async retrieve(_query, options) {
      strategies.push(options.strategy);
      return { strategy: options.strategy ?? 'hybrid', embedder: 'test', cards, notices: [] };
    },
    search: () => Promise.reject(new Error('not used')),
  };
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
    const search = searchReturning([hit]);
    const answer = await askKb({ search, llm: none }, input('What do I do for low blood sugar?', 'vector'));
    expect(answer.composer).toBe('deterministic');
    expect(answer.answer).toContain('“Give 15 grams of fast-acting carbohydrate, then recheck after 15 minutes.” [1]');
    expect(search.strategies).toEqual(['vector']);
  });

  it('refuses without calling the model when nothing was retrieved', async () => {
    const client = model('anything');
    const answer = await askKb({ search: searchReturning([]), llm: () => ({ kind: 'client', client }) }, input('taxes?'));
    expect(answer.refused).toBe(true);
    expect(client.requests).toHaveLength(0);
  });

  it('lets a configured model write the answer from the same passages, checking its figures against them', async () => {
    const client = model('Give 15 grams of fast carbohydrate and recheck after 15 minutes [1].');
    const answer = await askKb({ search: searchReturning([hit]), llm: () => ({ kind: 'client', client }) }, input('low blood sugar?'));
    expect(answer.composer).toBe('llm');
    expect(answer.grounding).toMatchObject({ verified: 2, unverified: 0, trusted: true });
    expect(answer.citations.map((citation) => citation.card_id)).toEqual(['esc-hypoglycemia']);
    expect(client.requests[0]?.user).toContain(answer.context);
    expect(client.requests[0]?.system).toMatch(/ONLY the numbered passages/);
  });

  it("flags a model's figure that the passages do not hold", async () => {
    const client = model('Give 20 grams of carbohydrate [1].');
    const answer = await askKb({ search: searchReturning([hit]), llm: () => ({ kind: 'client', client }) }, input('low blood sugar?'));
    expect(answer.grounding.trusted).toBe(false);
    expect(answer.grounding.figures.find((figure) => !figure.verified)?.value).toBe(20);
    expect(answer.notices.map((notice) => notice.code)).toContain('unverified_figures');
  });

  it('falls back to the quotes, with a notice, when the model fails or is misconfigured', async () => {
    const failed = await askKb({ search: searchReturning([hit]), llm: () => ({ kind: 'client', client: model(new LlmError('it did not answer in time')) }) }, input('low blood sugar?'));
    expect(failed.composer).toBe('deterministic');
    expect(failed.notices.map((notice) => notice.code)).toEqual(['llm_failed']);
    const misconfigured = await askKb({ search: searchReturning([hit]), llm: () => ({ kind: 'misconfigured', problem: 'no base URL' }) }, input('low blood sugar?'));
    expect(misconfigured.composer).toBe('deterministic');
    expect(misconfigured.notices[0]?.message).toMatch(/no base URL/);
  });
});
