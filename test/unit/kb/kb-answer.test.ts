import { describe, expect, it } from 'vitest';
import { answerCards, composeAnswer, detectLanguage, kbDisclaimer } from '../../../main/corpora/kb/kb-answer.js';
import type { KbCardHit, KbRetrieval } from '../../../main/corpora/kb/kb-search.js';

function cardHit(cardId: string, title: string, section: string, passage: string): KbCardHit {
  return {
    fused: { id: 1, score: 1, paths: ['keyword'], keywordRank: 1, keywordScore: 1, keywordNormalized: 1, vectorRank: null, vectorDistance: null },
    passage: {
      id: 1,
      owner: null,
      card_id: cardId,
      chunk_index: 0,
      section,
      passage,
      content_hash: 'h',
      embed_text: `${title}\n${section}\n${passage}`,
      embed_hash: 'e',
      title,
      category: 'escalation',
      source_name: `Source of ${cardId}`,
      source_url: `https://example.org/${cardId}`,
    },
  };
}

const retrieval = (cards: KbCardHit[]): KbRetrieval => ({ strategy: 'keyword', embedder: null, cards, notices: [] });

const lithium = cardHit(
  'esc-lithium-toxicity',
  'Lithium toxicity — when to escalate',
  'Red flags',
  'Early signs include diarrhea, vomiting and tremor. These can appear at levels below 2 mEq/L.\n\n- Confusion or seizures: call 911.',
);
const hypoglycemia = cardHit('esc-hypoglycemia', 'Hypoglycemia — the 15-15 rule', 'What to do', 'Give 15 grams of fast-acting carbohydrate and recheck in 15 minutes.');

describe('the question language', () => {
  it('is Spanish with Spanish punctuation or mostly Spanish words, English otherwise', () => {
    expect(detectLanguage('¿Puedo darle ibuprofeno a un paciente que toma warfarina?')).toBe('es');
    expect(detectLanguage('El paciente olvida las dosis de la noche')).toBe('es');
    expect(detectLanguage('Can I give ibuprofen to a patient on warfarin?')).toBe('en');
    expect(detectLanguage('warfarin')).toBe('en');
  });
});

describe('a KB answer', () => {
  it('refuses with a clear message when nothing was retrieved, citing nothing', () => {
    const answer = composeAnswer('How do I file my taxes?', 'en', retrieval([]));
    expect(answer.refused).toBe(true);
    expect(answer.answer).toMatch(/No card of the clinical knowledge base matches this question/);
    expect(answer.citations).toEqual([]);
    expect(answer.context).toBe('');
    expect(answer.disclaimer).toBe(kbDisclaimer.en);
  });

  it('quotes passages verbatim, each quote followed by its citation marker', () => {
    const answer = composeAnswer('signs of lithium toxicity and when to call 911', 'en', retrieval([lithium, hypoglycemia]));
    expect(answer.refused).toBe(false);
    const lines = answer.answer.split('\n').slice(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Lithium toxicity — when to escalate \(Red flags\): “.+” \[1\]$/);
    expect(lines[1]).toMatch(/\[2\]$/);
    for (const quoted of answer.answer.matchAll(/“(.+?)”/g)) {
      for (const part of (quoted[1] as string).split(' … ')) expect(answer.context).toContain(part);
    }
  });

  it('cites each card with its id, title, source name and URL, and the context lines it stands on', () => {
    const answer = composeAnswer('lithium', 'en', retrieval([lithium, hypoglycemia]));
    expect(answer.citations.map((citation) => [citation.ref, citation.kind, citation.card_id, citation.label, citation.source_name, citation.source_url])).toEqual([
      ['[1]', 'kb-card', 'esc-lithium-toxicity', 'Lithium toxicity — when to escalate', 'Source of esc-lithium-toxicity', 'https://example.org/esc-lithium-toxicity'],
      ['[2]', 'kb-card', 'esc-hypoglycemia', 'Hypoglycemia — the 15-15 rule', 'Source of esc-hypoglycemia', 'https://example.org/esc-hypoglycemia'],
    ]);
    const contextLines = answer.context.split('\n');
    expect(contextLines[(answer.citations[0]?.context_lines[0] ?? 0) - 1]).toBe('[1] Lithium toxicity — when to escalate — Red flags');
    const hypoglycemiaLines = (answer.citations[1]?.context_lines ?? []).map((line) => contextLines[line - 1]);
    expect(hypoglycemiaLines).toEqual(['[2] Hypoglycemia — the 15-15 rule — What to do', hypoglycemia.passage.passage]);
  });

  it('has every figure of the answer verified against the context', () => {
    const answer = composeAnswer('What if the level is above 2 mEq/L? Give 15 grams?', 'en', retrieval([lithium, hypoglycemia]));
    expect(answer.grounding.figures.length).toBeGreaterThan(0);
    expect(answer.grounding.unverified).toBe(0);
    expect(answer.grounding.trusted).toBe(true);
  });

  it(`quotes at most ${answerCards} cards`, () => {
    const many = Array.from({ length: answerCards + 2 }, (_, index) => cardHit(`esc-card-${index}`, `Card ${index}`, 'S', `Passage number ${index}.`));
    expect(composeAnswer('passage', 'en', retrieval(many)).citations).toHaveLength(answerCards);
  });

  it('answers a Spanish question in Spanish, with the Spanish notice, quoting the English cards', () => {
    const answer = composeAnswer('¿Cuáles son los signos de intoxicación por litio?', 'es', retrieval([lithium]));
    expect(answer.language).toBe('es');
    expect(answer.answer.split('\n')[0]).toMatch(/^Citado de la tarjeta de referencia más cercana/);
    expect(answer.disclaimer).toBe(kbDisclaimer.es);
    expect(answer.notices.map((notice) => notice.code)).toContain('cards_in_english');
  });
});
