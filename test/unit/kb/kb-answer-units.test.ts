import { describe, expect, it } from 'vitest';
import {
  asksForAction,
  chooseQuotes,
  durationBonus,
  figureBonus,
  exampleQuotesPerCard,
  longQuestionCharacters,
  namedMedicines,
  namedQuotesPerCard,
  partQuoteMargin,
  quotesPerPart,
  unitsReadPerCard,
  unitsReadPerOtherCard,
  quotesForFirstCard,
  quotesForFirstCardOfLongQuestion,
  quotesPerCard,
  secondQuoteMargin,
  unitAnswers,
} from '../../../main/corpora/kb/kb-answer-units.js';
import { loadClinicalLexicon } from '../../../main/corpora/kb/clinical-lexicon.js';
import type { ChosenQuote } from '../../../main/corpora/kb/kb-answer-units.js';
import type { Reranker } from '../../../main/reranking/reranker.js';
import { createSharedWordReranker } from '../../helpers/fake-reranker.js';

const card = {
  title: 'Lithium toxicity — when to escalate',
  sections: [
    { heading: 'What it is', text: 'Lithium has a narrow therapeutic range. Levels rise with dehydration. Some thiazides raise levels too. The kidneys clear lithium.' },
    { heading: 'What to do', text: 'Send the patient to urgent care the same day when vomiting or diarrhea persists. Check a lithium level.' },
    { heading: 'Talking points', text: '- "Drink fluids when it is hot."' },
  ],
};

describe('whether a question asks what to do', () => {
  it('recognises English and Spanish action questions', () => {
    expect(asksForAction('When should a patient on lithium go to urgent care?')).toBe(true);
    expect(asksForAction('What should I do if she vomits?')).toBe(true);
    expect(asksForAction('¿Qué hago si el paciente vomita?')).toBe(true);
    expect(asksForAction('¿Cuándo hay que enviarlo a urgencias?')).toBe(true);
  });

  it('does not read a plain question as an action question', () => {
    expect(asksForAction('Why do thiazides raise lithium levels?')).toBe(false);
    expect(asksForAction('What is OARS?')).toBe(false);
  });
});

describe('choosing the sentences that answer', () => {
  it('quotes the sentence the cross-encoder scores best', async () => {
    const [quotes] = await chooseQuotes({ original: 'do thiazides raise lithium levels', english: 'do thiazides raise lithium levels' }, [card], createSharedWordReranker());
    const best = [...(quotes ?? [])].sort((a, b) => b.score - a.score)[0];
    expect(best?.unit.text).toBe('Some thiazides raise levels too.');
  });

  it('leads with an action sentence when the question asks what to do', async () => {
    const question = 'lithium levels rise, what should I do?';
    const [quotes] = await chooseQuotes({ original: question, english: question }, [card], createSharedWordReranker());
    expect(quotes?.[0]?.action).toBe(true);
    expect(quotes?.[0]?.section).toBe('What to do');
  });

  it('quotes the first card\'s best sentence for each part of a question that asks several things', async () => {
    const question = 'lithium levels: urgent care?';
    const [alone] = await chooseQuotes({ original: question, english: question }, [card], createSharedWordReranker());
    expect(alone?.map((quote) => quote.unit.text)).not.toContain('"Drink fluids when it is hot."');
    const [withParts] = await chooseQuotes({ original: question, english: question, parts: ['urgent care same day', 'drink fluids hot'] }, [card], createSharedWordReranker());
    expect(withParts?.map((quote) => quote.unit.text)).toContain('"Drink fluids when it is hot."');
    expect(withParts?.every((quote) => Number.isFinite(quote.score))).toBe(true);
  });

  it(`keeps the whole question's choice of the first card's units, adds the same choice by each unit's best score for one of its sentences, and each sentence's ${quotesPerPart} best within ${partQuoteMargin} of it`, async () => {
    // Scores by query and unit; the queries share no word with the units, so keyword overlap adds nothing.
    const fillers = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'].map((word) => `Filler ${word} here.`);
    const table: Record<string, Record<string, number>> = {
      zzwhole: Object.fromEntries(fillers.map((text) => [text, 8.8])),
      zzpart: { 'Answer alpha.': 9, 'Answer beta.': 9 - partQuoteMargin + 1, 'Answer gamma.': 9 - partQuoteMargin + 0.5 },
      zzother: { 'Answer delta.': 8.9, 'Answer epsilon.': 8.85, 'Answer zeta.': 8.82 },
    };
    const tableReranker = (adjust: (score: number) => number = (score) => score): Reranker => ({
      id: 'test:table:1',
      async score(query, passages) {
        return passages.map((passage) => adjust(Object.entries(table[query] ?? {}).find(([text]) => passage.endsWith(text))?.[1] ?? 0));
      },
    });
    const answers = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'].map((word) => `Answer ${word}.`);
    const storyCard = { title: 'Story', sections: [{ heading: 'Notes', text: [...fillers, ...answers].join(' ') }] };
    const question = { original: 'zzwhole', english: 'zzwhole', parts: ['zzpart', 'zzother'] };
    const [quotes = []] = await chooseQuotes(question, [storyCard], tableReranker());
    const texts = quotes.map((quote) => quote.unit.text);
    expect(texts.filter((text) => text.startsWith('Filler'))).toHaveLength(quotesForFirstCard);
    // Alpha and beta are the first sentence's two best, delta and epsilon the second's; zeta, third for the second,
    // is among the card's first by its best score; gamma, third for the first and below the fillers, is not quoted.
    expect(texts.filter((text) => text.startsWith('Answer'))).toEqual(['Answer alpha.', 'Answer beta.', 'Answer delta.', 'Answer epsilon.', 'Answer zeta.']);
    // Beta more than the margin below its sentence's best is not quoted for it.
    const [farBelow = []] = await chooseQuotes(question, [storyCard], tableReranker((score) => (score === 9 - partQuoteMargin + 1 ? 9 - partQuoteMargin - 1 : score)));
    expect(farBelow.map((quote) => quote.unit.text)).not.toContain('Answer beta.');
  });

  it(`has the cross-encoder read ${unitsReadPerCard} units of the first card and ${unitsReadPerOtherCard} of each other, the first by keyword overlap`, async () => {
    const read: string[][] = [];
    const counting: Reranker = {
      id: 'test:counting:1',
      async score(_query, passages) {
        read.push([...passages]);
        return passages.map(() => 0);
      },
    };
    const many = (title: string) => ({ title, sections: [{ heading: 'Notes', text: Array.from({ length: 30 }, (_, index) => `Note ${['alpha', 'beta', 'gamma'][index % 3]} item${index}.`).join(' ') }] });
    await chooseQuotes({ original: 'note item7 item8', english: 'note item7 item8' }, [many('First'), many('Second')], counting);
    const passages = read.flat();
    expect(passages.filter((text) => text.startsWith('First.'))).toHaveLength(unitsReadPerCard);
    const second = passages.filter((text) => text.startsWith('Second.'));
    expect(second).toHaveLength(unitsReadPerOtherCard);
    // The units sharing most words with the question come first.
    expect(second.some((text) => text.endsWith('item7.'))).toBe(true);
  });

  it('chooses by keyword overlap when there is no cross-encoder', async () => {
    const [quotes] = await chooseQuotes({ original: 'dehydration', english: 'dehydration' }, [card], null);
    expect(quotes?.map((quote) => quote.unit.text)).toEqual(['Levels rise with dehydration.']);
  });

  it(`quotes at most ${quotesForFirstCard} sentences of a lone card, and only those scoring close to its best`, async () => {
    const [quotes] = await chooseQuotes({ original: 'lithium levels', english: 'lithium levels' }, [card], createSharedWordReranker());
    expect(quotes?.length).toBeLessThanOrEqual(quotesForFirstCard);
    const scores = (quotes ?? []).map((quote) => quote.score);
    expect(Math.max(...scores) - Math.min(...scores)).toBeLessThanOrEqual(secondQuoteMargin);
  });

  it(`quotes ${quotesForFirstCard} close sentences of the first card, alone or beside others, and ${quotesPerCard} of each other card`, async () => {
    const dense = {
      title: 'Warfarin monitoring',
      sections: [{ heading: 'What happens', text: 'Warfarin INR rises. Warfarin INR falls. Warfarin INR varies. Warfarin INR drifts. Warfarin INR settles. Warfarin INR waits.' }],
    };
    const other = { ...dense, title: 'Warfarin clinic' };
    const question = { original: 'warfarin INR', english: 'warfarin INR' };
    const [alone] = await chooseQuotes(question, [dense], createSharedWordReranker());
    expect(alone).toHaveLength(quotesForFirstCard);
    const both = await chooseQuotes(question, [dense, other], createSharedWordReranker());
    expect(both.map((quotes) => quotes.length)).toEqual([quotesForFirstCard, quotesPerCard]);
  });

  it(`quotes ${quotesForFirstCardOfLongQuestion} sentences of the first card for a question of ${longQuestionCharacters} characters or more, and no more of the others`, async () => {
    const long = {
      title: 'Warfarin monitoring',
      sections: [{ heading: 'What happens', text: Array.from({ length: 12 }, (_, index) => `Warfarin INR reading ${index + 1} of the week.`).join(' ') }],
    };
    const other = { ...long, title: 'Warfarin clinic' };
    const story = `warfarin INR ${'and the week before that '.repeat(12)}`.slice(0, longQuestionCharacters);
    const [quotes, otherQuotes] = await chooseQuotes({ original: story, english: story }, [long, other], createSharedWordReranker());
    expect(quotes).toHaveLength(quotesForFirstCardOfLongQuestion);
    expect(otherQuotes).toHaveLength(quotesPerCard);
    const shorter = story.slice(0, longQuestionCharacters - 1);
    const [shortQuotes] = await chooseQuotes({ original: shorter, english: shorter }, [long, other], createSharedWordReranker());
    expect(shortQuotes).toHaveLength(quotesForFirstCard);
  });
});

describe('questions that ask for a length of time', () => {
  const spacing = {
    title: 'Thyroid pill and calcium',
    sections: [
      { heading: 'What happens', text: 'Calcium binds the thyroid pill in the gut. The thyroid pill and calcium taken together lower absorption.' },
      { heading: 'What to do', text: 'Keep them at least 4 hours apart.' },
    ],
  };

  it(`gives a sentence holding a length of time ${durationBonus} logits more, and only for such a question`, async () => {
    // The same words but "how long": the shared-word scorer and the keyword overlap read them alike.
    const [timed] = await chooseQuotes({ original: 'how long thyroid pill calcium apart', english: 'how long thyroid pill calcium apart' }, [spacing], createSharedWordReranker());
    const [plain] = await chooseQuotes({ original: 'thyroid pill calcium apart', english: 'thyroid pill calcium apart' }, [spacing], createSharedWordReranker());
    const scoreOf = (quotes: typeof timed, text: string) => (quotes ?? []).find((quote) => quote.unit.text.includes(text))?.score ?? Number.NaN;
    expect(scoreOf(timed, '4 hours') - scoreOf(plain, '4 hours')).toBeCloseTo(durationBonus);
    expect(scoreOf(timed, 'Calcium binds') - scoreOf(plain, 'Calcium binds')).toBeCloseTo(0);
  });

  it(`gives a sentence holding the figure a question asks for (a number to ring) ${figureBonus} logits more, and only for such a question`, async () => {
    const transport = {
      title: 'Booking Patient Transport',
      sections: [
        { heading: 'Deadlines', text: 'Transport for the patient must be booked two working days before. Same-day transport is booked by the ward.' },
        { heading: 'How to book', text: 'Patients book on the Meridian booking line, 01632 960733.' },
      ],
    };
    const [asking] = await chooseQuotes({ original: 'what is the phone number for the patient to book transport', english: 'what is the phone number for the patient to book transport' }, [transport], createSharedWordReranker());
    const [plain] = await chooseQuotes({ original: 'for the patient to book transport', english: 'for the patient to book transport' }, [transport], createSharedWordReranker());
    const scoreOf = (quotes: typeof asking, text: string) => (quotes ?? []).find((quote) => quote.unit.text.includes(text))?.score ?? Number.NaN;
    // The shared-word scorer reads "phone" and "number" in neither sentence: the difference is the bonus.
    expect(scoreOf(asking, '960733') - scoreOf(plain, '960733')).toBeCloseTo(figureBonus);
    expect(scoreOf(asking, 'two working days') - scoreOf(plain, 'two working days')).toBeCloseTo(0);
    // A reason is read from cue words many sentences hold: no bonus for "why".
    const reasons = { title: 'Booking Patient Transport', sections: [{ heading: 'Deadlines', text: 'Book two days ahead because vehicles are shared. Same-day transport is booked by the ward.' }] };
    const [why] = await chooseQuotes({ original: 'why book transport ahead', english: 'why book transport ahead' }, [reasons], createSharedWordReranker());
    const [ahead] = await chooseQuotes({ original: 'book transport ahead', english: 'book transport ahead' }, [reasons], createSharedWordReranker());
    expect(scoreOf(why, 'because') - scoreOf(ahead, 'because')).toBeCloseTo(0);
  });
});

describe('medicines the question names', () => {
  const lexicon = loadClinicalLexicon();
  const card = {
    title: 'Lithium and other drugs',
    sections: [
      {
        heading: 'What happens',
        text: 'Lithium levels rise with thiazides. Lithium levels rise with dehydration. Lithium levels rise on a low-salt diet. Lithium levels rise with vomiting. Lithium levels rise in hot weather. Lithium levels rise with age.',
      },
      { heading: 'Painkillers', text: 'Naproxen and ibuprofen do the same. Paracetamol does not. Someone may reach for an NSAID when ill.' },
      { heading: 'Others', text: 'Warfarin needs its own checks. Metformin needs its own checks. Lithium toxicity is an emergency.' },
    ],
  };
  const quoted = async (medicines: ReturnType<typeof namedMedicines> | null, question = 'do lithium levels rise') =>
    ((await chooseQuotes({ original: question, english: question }, [card], createSharedWordReranker(), medicines))[0] ?? []).map((quote) => quote.unit.text);
  const named = (text: string) => namedMedicines(lexicon.find(text), lexicon);

  it('quotes the sentence naming a medicine the question names when the chosen sentences do not (naproxen of "Aleve")', async () => {
    const alone = await quoted(null);
    expect(alone).not.toContain('Naproxen and ibuprofen do the same.');
    expect(named('on lithium and a thiazide, takes naproxen').named.map((medicine) => medicine.name)).toEqual(['lithium', 'thiazide diuretic', 'naproxen']);
    const withNamed = await quoted(named('on lithium and a thiazide, takes naproxen'));
    expect(withNamed).toContain('Naproxen and ibuprofen do the same.');
    // The thiazide is spoken of already, and the card's own subject (lithium, in its title) gets nothing more.
    expect(withNamed.filter((text) => !alone.includes(text))).toEqual(['Naproxen and ibuprofen do the same.']);
  });

  it('asks a class to be named by its own name: a member speaks of it, the class of a drug does not', async () => {
    // "an NSAID" (the drug's class) does not stand for naproxen; the sentence naming naproxen itself is quoted.
    const nsaidQuestion = 'someone may reach for an nsaid: do lithium levels rise';
    expect(await quoted(named('naproxen'), nsaidQuestion)).toContain('Naproxen and ibuprofen do the same.');
    // The class "NSAID" is asked for: the chosen naproxen sentence speaks of it (a member), so nothing is added.
    const naproxenQuestion = 'naproxen and ibuprofen: do lithium levels rise';
    expect(await quoted(named('an NSAID'), naproxenQuestion)).toEqual(await quoted(null, naproxenQuestion));
  });

  it(`adds at most ${namedQuotesPerCard} sentences per card, and none for a medicine the card does not name`, async () => {
    const alone = await quoted(null);
    const many = await quoted(named('naproxen, paracetamol, warfarin and metformin'));
    expect(many.filter((text) => !alone.includes(text))).toHaveLength(namedQuotesPerCard);
    expect(await quoted(named('digoxin and amiodarone'))).toEqual(alone);
  });
});

describe('what answers the nearest example questions', () => {
  it(`quotes the first card's units that answer the nearest examples, however low the cross-encoder scores them, ${exampleQuotesPerCard} at most, once each, and nothing of the other cards`, async () => {
    // Twelve notes; the question shares words with the first three only, so the cross-encoder chooses among those.
    const notes = {
      title: 'Lithium notes',
      sections: [{ heading: 'Notes', text: ['Lithium levels rise with thiazides.', 'Lithium levels rise with NSAIDs.', 'Lithium levels rise when dehydrated.', ...['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India'].map((word) => `${word} is a filler sentence of this card.`)].join(' ') }],
    };
    const question = { original: 'lithium levels rise', english: 'lithium levels rise' };
    // The cross-encoder reads the three about lithium far above the fillers (beyond any margin).
    const reranker: Reranker = { id: 'test:lithium:1', score: async (_query, passages) => passages.map((text) => (text.includes('Lithium levels rise') ? 10 : -10)) };
    const texts = (quotes: readonly ChosenQuote[] | undefined) => (quotes ?? []).map((quote) => quote.unit.text);
    const [without] = await chooseQuotes(question, [notes], reranker);
    expect(texts(without).some((text) => text.includes('filler'))).toBe(false);
    // Five answers not chosen (one twice), and one already chosen.
    const answers = ['Alpha is a filler sentence of this card.', 'Bravo is a filler sentence of this card.', 'Bravo is a filler sentence of this card.', 'Lithium levels rise with NSAIDs.', 'Charlie is a filler sentence of this card.', 'Delta is a filler sentence of this card.', 'Echo is a filler sentence of this card.'];
    const [first, second] = await chooseQuotes(question, [notes, { ...notes, title: 'Lithium clinic' }], reranker, null, [answers, answers]);
    expect(texts(first).filter((text) => text.includes('filler'))).toEqual(['Alpha is a filler sentence of this card.', 'Bravo is a filler sentence of this card.', 'Charlie is a filler sentence of this card.'].slice(0, exampleQuotesPerCard));
    expect(texts(first)).toHaveLength(texts(without).length + exampleQuotesPerCard);
    expect(texts(second).some((text) => text.includes('filler'))).toBe(false);
  });

  it('finds an answer written with emphasis marks, a sentence of a list item, or a list item of two sentences; never a short fragment', () => {
    const unit = (text: string) => ({ text, position: 0, listItem: true });
    expect(unitAnswers(unit('Emphasize autonomy: "It\'s your decision. No one can make it for you."'), '**Emphasize autonomy**: "It\'s your decision. No one can make it for you."')).toBe(true);
    expect(unitAnswers(unit('Respect autonomy: the decision is theirs. Agree on a follow-up check.'), 'Respect autonomy: the decision is theirs.')).toBe(true);
    expect(unitAnswers(unit('Aged cheeses.'), 'Aged cheeses.')).toBe(true);
    expect(unitAnswers(unit('Aged cheeses.'), 'Aged cheeses, cured meats and fermented soy.')).toBe(false);
    expect(unitAnswers(unit('Check a lithium level.'), 'Send the patient to urgent care. Check a lithium level.')).toBe(true);
    expect(unitAnswers(unit('Check a lithium level.'), 'Check the potassium level.')).toBe(false);
  });
});
