import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { askOutputSchema, type KbSeverity } from '../../../shared/contract.js';
import { parseCard, type CardSection } from '../../../main/corpora/kb/card.js';
import { firstActionUnit } from '../../../main/corpora/kb/kb-answer-lead.js';
import { packageRoot } from '../../../main/paths.js';
import { answerCards, checkCitedGrounding, companionCardMargin, composeAnswer, detectLanguage, kbDisclaimer, quotableCards } from '../../../main/corpora/kb/kb-answer.js';
import { chooseQuotes } from '../../../main/corpora/kb/kb-answer-units.js';
import type { KbCardHit, KbRetrieval } from '../../../main/corpora/kb/kb-search.js';
import { cardHit, retrievalOf, wholePassageQuotes } from '../../helpers/kb-hits.js';

const lithium = cardHit(
  'esc-lithium-toxicity',
  'Lithium toxicity — when to escalate',
  'Red flags',
  'Early signs include diarrhea, vomiting and tremor. These can appear at levels below 2 mEq/L.\n\n- Confusion or seizures: call 911.',
);
const hypoglycemia = cardHit('esc-hypoglycemia', 'Hypoglycemia — the 15-15 rule', 'What to do', 'Give 15 grams of fast-acting carbohydrate and recheck in 15 minutes.');

/** The answer as askKb composes it without a cross-encoder: keyword-overlap quotes of every quotable card. */
async function answer(question: string, retrieval: KbRetrieval, language: 'en' | 'es' = 'en') {
  const cards = quotableCards(retrieval);
  const quotes = await chooseQuotes({ original: question, english: question }, cards.map(wholePassageQuotes), null);
  return composeAnswer(question, language, retrieval, cards.map((card, index) => ({ card, quotes: quotes[index] ?? [] })));
}

describe('the question language', () => {
  it('is Spanish with Spanish punctuation or mostly Spanish words, English otherwise', () => {
    expect(detectLanguage('¿Puedo darle ibuprofeno a un paciente que toma warfarina?')).toBe('es');
    expect(detectLanguage('El paciente olvida las dosis de la noche')).toBe('es');
    expect(detectLanguage('Can I give ibuprofen to a patient on warfarin?')).toBe('en');
    expect(detectLanguage('warfarin')).toBe('en');
  });

  it('reads colloquial Spanish with no function word it knows by its letters, and drug-heavy English as English', () => {
    expect(detectLanguage('dejó el bisoprolol de golpe xq le cansaba mucho, q le digo')).toBe('es');
    expect(detectLanguage('Usa mal el inhalador')).toBe('es');
    expect(detectLanguage('La cara se le cayó de un lado y no puede hablar bien')).toBe('es');
    expect(detectLanguage('amoxicillin dose for acute otitis media in a 4yo, ~18 kg?')).toBe('en');
    expect(detectLanguage('Pros and cons of continuing to drink alcohol')).toBe('en');
  });
});

describe('a KB refusal', () => {
  it('says in one sentence that no card answers, quotes nothing, cites nothing, and lists the closest topics', async () => {
    const weak = cardHit('esc-lithium-toxicity', 'Lithium toxicity — when to escalate', 'Red flags', 'Early signs.', 'weak');
    const refused = await answer('What is the amoxicillin dose for otitis?', retrievalOf([weak], { uncovered: ['amoxicillin'] }));
    expect(refused.refused).toBe(true);
    const lines = refused.answer.split('\n');
    expect(lines[0]).toBe('The clinical knowledge base has no card that answers this question, so cita does not answer it.');
    expect(lines[1]).toBe('No card covers amoxicillin.');
    expect(lines).toContain('- Lithium toxicity — when to escalate');
    expect(refused.answer).not.toContain('“');
    expect(refused.citations).toEqual([]);
    expect(refused.disclaimer).toBe(kbDisclaimer.en);
  });

  it("names what no card covers, and the effect asked, through the name given for the answer's language", async () => {
    const weak = cardHit('esc-lithium-toxicity', 'Lithium toxicity — when to escalate', 'Red flags', 'Early signs.', 'weak');
    const retrieval = retrievalOf([weak], { uncovered: ['alopecia'], aspect: { asked: ['alopecia'], found: false } });
    const cards = quotableCards(retrieval);
    const spanish = composeAnswer('¿Se me cae el pelo por el litio?', 'es', retrieval, cards.map((card) => ({ card, quotes: [] })), (name) => (name === 'alopecia' ? 'caída del cabello' : name));
    expect(spanish.answer.split('\n').slice(1, 3)).toEqual(['Ninguna ficha trata de caída del cabello.', 'Las fichas sobre este tema no dicen nada de lo que pregunta ("caída del cabello").']);
    // Without a name given, the canonical name, as before.
    expect(composeAnswer('Hair loss on lithium?', 'en', retrieval, []).answer.split('\n')[1]).toBe('No card covers alopecia.');
  });

  it('keeps a figure in a closest-topic title verified, since the titles are its context', async () => {
    const weak = cardHit('esc-hypoglycemia', 'Hypoglycemia — the 15-15 rule', 'What to do', 'Give 15 grams.', 'weak');
    const refused = await answer('taxes?', retrievalOf([weak]));
    expect(refused.grounding.trusted).toBe(true);
  });

  it('says the cards give no dose when a strong card is refused for lacking the dose asked for', async () => {
    const refused = await answer('What is the starting dose of lithium?', retrievalOf([lithium], { answerable: false, figure: { asked: 'dose', found: false } }));
    expect(refused.refused).toBe(true);
    expect(refused.answer.split('\n')[1]).toBe('The cards on this topic give no dose.');
    const spanish = await answer('¿Qué nivel de litio es tóxico?', retrievalOf([hypoglycemia], { answerable: false, figure: { asked: 'level', found: false } }), 'es');
    expect(spanish.answer.split('\n')[1]).toBe('Las fichas sobre este tema no dan ningún nivel ni rango.');
  });

  it('says the cards say nothing about pregnancy or breastfeeding when refused for it', async () => {
    const refused = await answer('Is lithium safe in the first trimester?', retrievalOf([lithium], { answerable: false, population: { asked: 'pregnancy', found: false } }));
    expect(refused.refused).toBe(true);
    expect(refused.answer.split('\n')[1]).toBe('The cards on this topic say nothing about pregnancy.');
    const spanish = await answer('¿El litio se puede tomar durante la lactancia?', retrievalOf([lithium], { answerable: false, population: { asked: 'breastfeeding', found: false } }), 'es');
    expect(spanish.answer.split('\n')[1]).toBe('Las fichas sobre este tema no dicen nada de la lactancia.');
  });

  it('says the cards do not say when someone may drive when refused for it', async () => {
    const refused = await answer('How long after a TIA before I can drive?', retrievalOf([lithium], { answerable: false, population: { asked: 'driving', found: false } }));
    expect(refused.answer.split('\n')[1]).toBe('The cards on this topic say nothing about when someone may drive.');
    const spanish = await answer('¿Cuándo puede volver a manejar?', retrievalOf([lithium], { answerable: false, population: { asked: 'driving', found: false } }), 'es');
    expect(spanish.answer.split('\n')[1]).toBe('Las fichas sobre este tema no dicen nada de cuándo se puede conducir.');
  });

  it('names the aspect the cards say nothing about when refused for it', async () => {
    const refused = await answer('What is the half-life of lithium?', retrievalOf([lithium], { answerable: false, aspect: { asked: ['half', 'life'], found: false } }));
    expect(refused.refused).toBe(true);
    expect(refused.answer.split('\n')[1]).toBe('The cards on this topic say nothing about "half", "life".');
    const spanish = await answer('¿Se puede partir la pastilla de litio?', retrievalOf([lithium], { answerable: false, aspect: { asked: ['split'], found: false } }), 'es');
    expect(spanish.answer.split('\n')[1]).toBe('Las fichas sobre este tema no dicen nada de lo que pregunta ("split").');
  });

  it('names the food the cards on the medicine say nothing about when refused for it', async () => {
    const food = { asked: ['leafy greens and vitamin K'], asked_es: ['las verduras de hoja verde y la vitamina K'], with: ['warfarin'], found: false };
    const refused = await answer('Can he keep eating spinach on warfarin?', retrievalOf([lithium], { answerable: false, food }));
    expect(refused.refused).toBe(true);
    expect(refused.answer.split('\n')[1]).toBe('The cards on warfarin say nothing about leafy greens and vitamin K.');
    const spanish = await answer('¿Puede seguir comiendo espinacas con la warfarina?', retrievalOf([lithium], { answerable: false, food }), 'es');
    expect(spanish.answer.split('\n')[1]).toBe('Las fichas sobre warfarin no dicen nada de las verduras de hoja verde y la vitamina K.');
  });

  it('names what the closest interaction card is about when the question names none of it', async () => {
    const warfarin = cardHit('ddi-warfarin-nsaids', 'Warfarin with NSAIDs — bleeding risk', 'What happens', 'NSAIDs such as aspirin add to the bleeding risk.', 'weak');
    const interaction = { named: ['aspirin'], about: ['Warfarin'], found: false, unspoken: [] };
    const refused = await answer('Is it ok to give aspirin to a child with flu?', retrievalOf([warfarin], { answerable: false, interaction }));
    expect(refused.refused).toBe(true);
    expect(refused.answer.split('\n')[1]).toBe('The closest interaction card is about Warfarin, which the question does not name.');
    const spanish = await answer('¿Puedo darle aspirina a un niño con gripe?', retrievalOf([warfarin], { answerable: false, interaction: { ...interaction, about: ['SSRIs or SNRIs', 'Lithium'] } }), 'es');
    expect(spanish.answer.split('\n')[1]).toBe('La ficha de interacciones más cercana trata de SSRIs or SNRIs y Lithium (en inglés), que la pregunta no nombra.');
    // Found: nothing said about it.
    const answered = await answer('Aspirin with warfarin?', retrievalOf([warfarin], { answerable: false, interaction: { ...interaction, found: true } }));
    expect(answered.answer).not.toContain('interaction card');
  });

  it('names what the closest interaction card does not speak of when it is about one named medicine', async () => {
    const ssri = cardHit('ddi-ssri-triptans', 'SSRIs or SNRIs with triptans or tramadol — serotonin syndrome', 'What happens', 'Serotonin syndrome.', 'weak');
    const interaction = { named: ['sertraline', 'ibuprofen'], about: ['SSRIs or SNRIs'], found: false, unspoken: ['ibuprofen'] };
    const refused = await answer('Does sertraline interact with ibuprofen?', retrievalOf([ssri], { answerable: false, interaction }));
    expect(refused.refused).toBe(true);
    expect(refused.answer.split('\n')[1]).toBe('The closest interaction card is about SSRIs or SNRIs with other medicines; it does not speak of ibuprofen.');
    // The medicine is named as the question wrote it (kb-search.ts keeps the question's words).
    const spanish = await answer('¿La sertralina interactúa con el ibuprofeno?', retrievalOf([ssri], { answerable: false, interaction: { ...interaction, named: ['sertralina', 'ibuprofeno'], unspoken: ['ibuprofeno'] } }), 'es');
    expect(spanish.answer.split('\n')[1]).toBe('La ficha de interacciones más cercana trata de SSRIs or SNRIs (en inglés) con otros medicamentos; no habla de ibuprofeno.');
  });

  it('says no card speaks of two medicines asked about together', async () => {
    const bleeding = cardHit('esc-anticoagulant-bleeding', 'Signs of bleeding on anticoagulants — when to escalate', 'Red flags', 'Black stools.', 'weak');
    const together = { named: ['warfarin', 'atorvastatin'], found: false };
    const refused = await answer('warfarin and atorvastatin together?', retrievalOf([bleeding], { answerable: false, together }));
    expect(refused.refused).toBe(true);
    expect(refused.answer.split('\n')[1]).toBe('No card speaks of warfarin and atorvastatin together.');
    const spanish = await answer('¿warfarina y atorvastatina a la vez?', retrievalOf([bleeding], { answerable: false, together: { named: ['warfarina', 'atorvastatina'], found: false } }), 'es');
    expect(spanish.answer.split('\n')[1]).toBe('Ninguna ficha habla de warfarina y atorvastatina a la vez.');
  });

  it('refuses in Spanish for a Spanish question', async () => {
    const refused = await answer('¿Quién ganó el Mundial?', retrievalOf([]), 'es');
    expect(refused.answer).toMatch(/^La base de conocimiento clínica no tiene ninguna ficha/);
    expect(refused.disclaimer).toBe(kbDisclaimer.es);
  });
});

describe('a KB answer', () => {
  it('quotes passages verbatim, each quoted line followed by its citation marker', async () => {
    const quoted = await answer('signs of lithium toxicity and when to call 911', retrievalOf([lithium, hypoglycemia]));
    expect(quoted.refused).toBe(false);
    const lines = quoted.answer.split('\n').slice(1);
    expect(lines[0]).toMatch(/^Lithium toxicity — when to escalate \(Red flags\): “.+” \[1\]$/);
    for (const quote of quoted.answer.matchAll(/“(.+?)”/g)) {
      for (const part of (quote[1] as string).split(' … ')) expect(quoted.context).toContain(part);
    }
  });

  it('quotes only cards judged strong, never a weak one beside them', async () => {
    const weakHypoglycemia = { ...hypoglycemia, relevance: 'weak' as const, probability: 0.3 };
    const quoted = await answer('lithium', retrievalOf([lithium, weakHypoglycemia]));
    expect(quoted.citations.map((citation) => citation.card_id)).toEqual(['esc-lithium-toxicity']);
  });

  it('quotes a further strong card only when the cross-encoder reads it nearly as well as the first', () => {
    const scored = (hit: KbCardHit, rerank: number): KbCardHit => ({ ...hit, signals: { ...hit.signals, rerank } });
    const close = quotableCards(retrievalOf([scored(lithium, 5), scored(hypoglycemia, 5 - companionCardMargin)]));
    expect(close.map((card) => card.passage.card_id)).toEqual(['esc-lithium-toxicity', 'esc-hypoglycemia']);
    const far = quotableCards(retrievalOf([scored(lithium, 5), scored(hypoglycemia, 5 - companionCardMargin - 0.5)]));
    expect(far.map((card) => card.passage.card_id)).toEqual(['esc-lithium-toxicity']);
  });

  it('quotes a strong escalation card, however far behind, when the question asks whether to send the patient to emergency care', () => {
    const scored = (hit: KbCardHit, rerank: number, category: KbCardHit['passage']['category']): KbCardHit => ({ ...hit, signals: { ...hit.signals, rerank }, passage: { ...hit.passage, category } });
    const cards = [scored(lithium, 5, 'drug-interaction'), scored(hypoglycemia, 5 - companionCardMargin - 2, 'escalation')];
    const asking = (question: string) => {
      const retrieval = retrievalOf(cards);
      return quotableCards({ ...retrieval, query: { ...retrieval.query, question } }).map((card) => card.passage.card_id);
    };
    expect(asking('Glucosa de 50 y toma litio, ¿lo mando a urgencias?')).toEqual(['esc-lithium-toxicity', 'esc-hypoglycemia']);
    expect(asking('Should I send him to the ER?')).toEqual(['esc-lithium-toxicity', 'esc-hypoglycemia']);
    expect(asking('What does lithium do to glucose?')).toEqual(['esc-lithium-toxicity']);
    // Where a prescription was written is not a question about escalating.
    expect(asking('En urgencias le han pautado Septrin, ¿qué le pasa al INR?')).toEqual(['esc-lithium-toxicity']);
  });

  it('cites each card with its id, title, source name and URL, and the context lines it stands on', async () => {
    const quoted = await answer('lithium vomiting; carbohydrate', retrievalOf([lithium, hypoglycemia]));
    expect(quoted.citations.map((citation) => [citation.ref, citation.kind, citation.card_id, citation.label, citation.source_name, citation.source_url])).toEqual([
      ['[1]', 'kb-card', 'esc-lithium-toxicity', 'Lithium toxicity — when to escalate', 'Source of esc-lithium-toxicity', 'https://example.org/esc-lithium-toxicity'],
      ['[2]', 'kb-card', 'esc-hypoglycemia', 'Hypoglycemia — the 15-15 rule', 'Source of esc-hypoglycemia', 'https://example.org/esc-hypoglycemia'],
    ]);
    const contextLines = quoted.context.split('\n');
    expect(contextLines[(quoted.citations[0]?.context_lines[0] ?? 0) - 1]).toBe('[1] Lithium toxicity — when to escalate — Red flags');
    const hypoglycemiaLines = (quoted.citations[1]?.context_lines ?? []).map((line) => contextLines[line - 1]);
    expect(hypoglycemiaLines).toEqual(['[2] Hypoglycemia — the 15-15 rule — What to do', hypoglycemia.passage.passage]);
  });

  it('has every figure of the answer verified against the card it cites', async () => {
    const quoted = await answer('What if the level is above 2 mEq/L? Give 15 grams?', retrievalOf([lithium, hypoglycemia]));
    expect(quoted.grounding.figures.length).toBeGreaterThan(0);
    expect(quoted.grounding.unverified).toBe(0);
    expect(quoted.grounding.trusted).toBe(true);
  });

  it(`quotes at most ${answerCards} cards`, async () => {
    const many: KbCardHit[] = Array.from({ length: answerCards + 2 }, (_, index) => cardHit(`esc-card-${index}`, `Card ${index}`, 'S', `Passage number ${index}.`));
    expect((await answer('passage', retrievalOf(many))).citations).toHaveLength(answerCards);
  });

  it('answers a Spanish question in Spanish, with the Spanish notice, quoting the English cards', async () => {
    const quoted = await answer('¿Cuáles son los signos de intoxicación por litio?', retrievalOf([lithium]), 'es');
    expect(quoted.language).toBe('es');
    expect(quoted.answer.split('\n')[0]).toMatch(/^Citado de la ficha de referencia que responde/);
    expect(quoted.disclaimer).toBe(kbDisclaimer.es);
    expect(quoted.notices.map((notice) => notice.code)).toContain('cards_in_english');
  });
});

describe('attribution of figures to the cited card', () => {
  const context = ['[1] Lithium — Red flags', 'Levels above 2 mEq/L are dangerous.', '', '[2] Hypoglycemia — What to do', 'Give 15 grams of carbohydrate.'].join('\n');
  const citations = [
    { ref: '[1]', kind: 'kb-card' as const, label: 'Lithium', context_lines: [1, 2] },
    { ref: '[2]', kind: 'kb-card' as const, label: 'Hypoglycemia', context_lines: [4, 5] },
  ];

  it('verifies a figure held by the card its line cites', () => {
    expect(checkCitedGrounding('Give 15 grams [2].', context, citations).trusted).toBe(true);
  });

  it('does not verify a figure another card holds: "15 grams" cited to the lithium card is unverified', () => {
    const grounding = checkCitedGrounding('Lithium: give 15 grams [1].', context, citations);
    expect(grounding.trusted).toBe(false);
    expect(grounding.figures.find((figure) => !figure.verified)?.value).toBe(15);
  });

  it('maps a verified figure to the whole context\'s line numbers', () => {
    const grounding = checkCitedGrounding('Above 2 mEq/L [1].', context, citations);
    expect(grounding.figures[0]?.context_lines).toEqual([2]);
  });
});

describe("a KB answer's lead line", () => {
  const sildenafilFile = readFileSync(join(packageRoot(), 'kb', 'clinical', 'ddi-sildenafil-nitrates.md'), 'utf8');
  const sildenafil = parseCard('ddi-sildenafil-nitrates.md', 'ddi-sildenafil-nitrates', sildenafilFile);
  const whatHappens = sildenafil.sections.find((section) => section.heading === 'What happens') as CardSection;
  const hitOf = (severity: KbSeverity | null, relevance: 'strong' | 'weak' = 'strong') => {
    const hit = cardHit(sildenafil.id, sildenafil.title, whatHappens.heading, whatHappens.text, relevance);
    return { ...hit, passage: { ...hit.passage, category: 'drug-interaction' as const, severity } };
  };

  /** The answer when the quotes come from the given sections of the shipped sildenafil card and the lead reads all of them. */
  async function leadAnswer(question: string, severity: KbSeverity | null, quotedSections: CardSection[], language: 'en' | 'es' = 'en', sections: CardSection[] = sildenafil.sections) {
    const hit = hitOf(severity);
    const [quotes] = await chooseQuotes({ original: question, english: question }, [{ title: hit.passage.title, sections: quotedSections }], null);
    return composeAnswer(question, language, retrievalOf([hit]), [{ card: hit, quotes: quotes ?? [], sections }]);
  }

  it("opens with the card's relevance, its severity in plain words and its first 'What to do' unit, quoted and cited", async () => {
    const answer = await leadAnswer('Why do PDE5 inhibitors and nitrates lower blood pressure?', 'contraindicated', [whatHappens]);
    const [first, second] = answer.answer.split('\n');
    expect(first).toBe(
      'Sildenafil and other PDE5 inhibitors with nitrates — severe hypotension: strong match. Contraindicated: the card says this combination must not be used. What to do: “Check for any nitrate, including as-needed nitroglycerin, before a PDE5 inhibitor is started.” [1]',
    );
    expect(second).toMatch(/^Quoted from the reference card that answers it:/);
    expect(answer.lead).toEqual({
      ref: '[1]',
      card_id: 'ddi-sildenafil-nitrates',
      title: sildenafil.title,
      relevance: 'strong',
      severity: 'contraindicated',
      action: { section: 'What to do', text: 'Check for any nitrate, including as-needed nitroglycerin, before a PDE5 inhibitor is started.', quoted: false },
    });
    // The quoted unit is the card's own text, and its section is in the context the citation stands on.
    expect(sildenafilFile).toContain(answer.lead?.action?.text);
    const cited = (answer.citations[0]?.context_lines ?? []).map((line) => answer.context.split('\n')[line - 1]);
    expect(cited).toContain('[1] Sildenafil and other PDE5 inhibitors with nitrates — severe hypotension — What to do');
    expect(cited.join('\n')).toContain(answer.lead?.action?.text);
    expect(answer.grounding.trusted).toBe(true);
    expect(askOutputSchema.parse(answer)).toEqual(answer);
  });

  it('does not quote the unit twice when the chosen quotes hold it already', async () => {
    const whatToDo = sildenafil.sections.find((section) => section.heading === 'What to do') as CardSection;
    const answer = await leadAnswer('What should I check for before a PDE5 inhibitor is started: any nitrate?', 'contraindicated', [whatToDo]);
    expect(answer.lead?.action?.quoted).toBe(true);
    expect(answer.answer.split('\n')[0]).toMatch(/Contraindicated: the card says this combination must not be used\. What to do: quoted below\. \[1\]$/);
    expect(answer.answer.split('Check for any nitrate').length - 1).toBe(1);
  });

  it('says the severity and what to do in Spanish, quoting the English card', async () => {
    const answer = await leadAnswer('¿Por qué bajan la tensión?', 'contraindicated', [whatHappens], 'es');
    expect(answer.answer.split('\n')[0]).toBe(
      'Sildenafil and other PDE5 inhibitors with nitrates — severe hypotension: coincidencia fuerte. Contraindicada: la ficha dice que esta combinación no debe usarse. Qué hacer (en inglés): “Check for any nitrate, including as-needed nitroglycerin, before a PDE5 inhibitor is started.” [1]',
    );
  });

  it('states only the relevance and what to do when the card has no severity', async () => {
    const answer = await leadAnswer('Why do PDE5 inhibitors and nitrates lower blood pressure?', null, [whatHappens]);
    expect(answer.lead).not.toHaveProperty('severity');
    expect(answer.answer.split('\n')[0]).toMatch(/: strong match\. What to do: “Check for any nitrate/);
  });

  it('has no lead line when the card has neither a severity nor an action section', async () => {
    const answer = await leadAnswer('Why do PDE5 inhibitors and nitrates lower blood pressure?', null, [whatHappens], 'en', [whatHappens]);
    expect(answer.lead).toBeUndefined();
    expect(answer.answer.split('\n')[0]).toMatch(/^Quoted from the reference card that answers it:/);
  });

  it('states a severity alone when the card has no action section', async () => {
    const answer = await leadAnswer('Why do PDE5 inhibitors and nitrates lower blood pressure?', 'avoid', [whatHappens], 'en', [whatHappens]);
    expect(answer.lead).not.toHaveProperty('action');
    expect(answer.answer.split('\n')[0]).toBe('Sildenafil and other PDE5 inhibitors with nitrates — severe hypotension: strong match. Avoid: the card advises against this combination. [1]');
  });

  it('skips a list opener ("…:") and quotes the first unit that stands alone, e.g. the 15-15 rule', () => {
    expect(firstActionUnit([{ heading: 'Immediate response: the 15-15 rule', text: 'For a person who is awake, NIDDK describes the rule:\n\n- Take 15 grams of fast-acting carbohydrate.\n- Check again.' }])?.unit.text).toBe(
      'Take 15 grams of fast-acting carbohydrate.',
    );
    expect(firstActionUnit([{ heading: 'Talking points', text: '- "Hello."' }])).toBeNull();
  });
});
