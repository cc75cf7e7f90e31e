/**
 * Relevance with the real models (bge-small and the ms-marco cross-encoder): the KB refuses what no card answers,
 * the shipped calibration still holds on the development questions, foods say "no match" for nonsense, and the
 * catalog flags off-topic questions. Thresholds are the shipped ones; the held-out figures are in the README.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskOutput, SearchOutput } from '../../shared/contract.js';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import { ingestCorpus } from '../../main/app/ingest.js';
import { loadKbEvaluationCases } from '../../main/corpora/kb/kb-evaluation.js';
import { ownDocumentRerankBar } from '../../main/corpora/kb/kb-search.js';
import { runEvaluation } from '../../main/eval/run-evaluation.js';
import { modelDir, realModelTests, realRerankerTests, rerankerDir } from '../helpers/model.js';
import { useTempDirs } from '../helpers/temp.js';

const run = realModelTests('relevance and answerability') && realRerankerTests('relevance and answerability');
const tempDir = useTempDirs();

describe.runIf(run)('relevance with the real embedder and reranker', () => {
  let services: Services;

  beforeAll(async () => {
    services = await createServices({ dataDir: tempDir(), modelDir, rerankerDir });
    for (const name of ['foods', 'catalog', 'kb']) await ingestCorpus(services, services.module(name)!);
  }, 300_000);

  afterAll(async () => {
    await services?.close();
  });

  async function call<T>(operation: 'search' | 'ask', input: Record<string, unknown>): Promise<T> {
    const result = await services.dispatcher.call(operation, input, { transport: 'cli', role: 'viewer' });
    if (!result.ok) throw new Error(result.error.message);
    return result.value as T;
  }
  const ask = (question: string) => call<AskOutput>('ask', { corpus: 'kb', question });
  const search = (corpus: string, query: string) => call<SearchOutput>('search', { corpus, query, k: 10 });

  it('refuses clinical questions no card answers, naming an uncovered drug and the closest topics', async () => {
    const answer = await ask("What's the amoxicillin dose for acute otitis media in a child?");
    expect(answer.refused).toBe(true);
    expect(answer.citations).toEqual([]);
    expect(answer.answerability?.answerable).toBe(false);
    expect(answer.answerability?.uncovered).toContain('amoxicillin');
    expect(answer.answer).toMatch(/No card covers amoxicillin/);
    expect(answer.answer).toMatch(/Closest topics/);
  });

  it('refuses a dose question about a covered drug, since no card gives a dose, and answers a level the card gives', async () => {
    const dose = await ask("What's a typical starting dose of warfarin for a new atrial fibrillation patient?");
    expect(dose.refused).toBe(true);
    expect(dose.answerability?.figure).toEqual({ asked: 'dose', found: false });
    expect(dose.answer).toMatch(/give no dose/);
    const level = await ask('What serum lithium range do older labels give for long-term control?');
    expect(level.refused).toBe(false);
    expect(level.answerability?.figure).toEqual({ asked: 'level', found: true });
    expect(level.answer).toMatch(/0\.6 to 1\.2 mEq\/L/);
  });

  it('refuses a safety question in pregnancy or breastfeeding that no card speaks to, and answers one the card does', async () => {
    const pregnancy = await ask('Is lithium safe to continue in the first trimester of pregnancy?');
    expect(pregnancy.refused).toBe(true);
    expect(pregnancy.answerability?.population).toEqual({ asked: 'pregnancy', found: false });
    expect(pregnancy.answer).toMatch(/say nothing about pregnancy/);
    const breastfeeding = await ask('¿La warfarina se puede tomar durante la lactancia?');
    expect(breastfeeding.refused).toBe(true);
    expect(breastfeeding.answerability?.population).toEqual({ asked: 'breastfeeding', found: false });
    // The pronoun on the verb ("darle el pecho") and "will I be able to…?" still ask it.
    const feeding = await ask('Tomo carbonato de litio por un trastorno bipolar. ¿Voy a poder darle el pecho a mi bebé?');
    expect(feeding.refused).toBe(true);
    expect(feeding.answerability?.population).toEqual({ asked: 'breastfeeding', found: false });
    // The levothyroxine card names pregnancy as a reason for new iron: the question is answered from it.
    const spoken = await ask('Embarazada que toma Eutirox y le han mandado calcio, ¿los puede tomar juntos?');
    expect(spoken.refused).toBe(false);
    expect(spoken.answerability?.population).toEqual({ asked: 'pregnancy', found: true });
    expect(spoken.citations[0]?.card_id).toBe('ddi-levothyroxine-calcium-iron');
  });

  it('refuses a short question about an aspect of one covered drug that no card speaks of, and answers one a card does', async () => {
    const halfLife = await ask('What is the half-life of digoxin?');
    expect(halfLife.refused).toBe(true);
    expect(halfLife.answerability?.aspect).toEqual({ asked: ['half', 'life'], found: false });
    expect(halfLife.answer).toMatch(/say nothing about "half", "life"/);
    const foods = await ask('What foods does someone on phenelzine need to avoid?');
    expect(foods.refused).toBe(false);
    expect(foods.answerability?.aspect).toEqual({ asked: ['foods'], found: true });
    expect(foods.citations[0]?.card_id).toBe('ddi-maoi-tyramine');
  });

  it('refuses a food or drink no card on the medicine names, and answers one the card names', async () => {
    const greens = await ask('My Coumadin patient just started a big spinach-and-kale salad kick. Do I need to worry about his INR?');
    expect(greens.refused).toBe(true);
    expect(greens.answerability?.food).toEqual({ asked: ['leafy greens and vitamin K'], asked_es: ['las verduras de hoja verde y la vitamina K'], with: ['warfarin'], found: false });
    expect(greens.answer).toMatch(/The cards on warfarin say nothing about leafy greens and vitamin K/);
    const meal = await ask('¿El Xarelto se toma con la comida o en ayunas?');
    expect(meal.refused).toBe(true);
    expect(meal.answerability?.food?.found).toBe(false);
    const grapefruit = await ask('¿Se puede tomar jugo de toronja con la atorvastatina?');
    expect(grapefruit.refused).toBe(false);
    expect(grapefruit.answerability?.food).toEqual({ asked: ['grapefruit'], asked_es: ['el pomelo (toronja)'], with: ['atorvastatin'], found: true });
    expect(grapefruit.citations[0]?.card_id).toBe('ddi-statins-clarithromycin-grapefruit');
    const beer = await ask('Patient on phenelzine is asking whether soy sauce and draft beer are OK.');
    expect(beer.refused).toBe(false);
    expect(beer.answerability?.food?.found).toBe(true);
  });

  it('refuses a question about medicines an interaction card is only taken with, and answers one naming what the card is about', async () => {
    // The warfarin card lists aspirin among the NSAIDs; it says nothing of aspirin for a child with flu.
    const child = await ask('is it ok to give aspirin to a child with flu');
    expect(child.refused).toBe(true);
    expect(child.answerability?.interaction).toEqual({ named: ['aspirin'], about: ['Warfarin'], found: false, unspoken: [] });
    expect(child.answer).toMatch(/The closest interaction card is about Warfarin, which the question does not name/);
    // The lithium card lists both ibuprofen and lisinopril; it answers neither without lithium (it is shown, not quoted).
    const pair = await search('kb', 'can I take ibuprofen with lisinopril');
    const lithiumHit = pair.hits.find((hit) => hit.id === 'ddi-lithium-nsaids-thiazides-acei');
    expect(lithiumHit).toBeDefined();
    expect(lithiumHit?.relevance).not.toBe('strong');
    // An interaction question about a medicine a card's title names after "with" is answered from that card.
    const amiodarone = await ask('What drugs interact with amiodarone?');
    expect(amiodarone.refused).toBe(false);
    expect(amiodarone.citations.map((citation) => citation.card_id)).toEqual(expect.arrayContaining([expect.stringMatching(/^ddi-(warfarin|digoxin)-amiodarone$/)]));
    const lithium = await ask('my patient on lithium started ibuprofen, what should I watch');
    expect(lithium.refused).toBe(false);
    expect(lithium.citations[0]?.card_id).toBe('ddi-lithium-nsaids-thiazides-acei');
    expect(lithium.answerability?.interaction?.found).toBe(true);
  });

  it('refuses a short question about two medicines no card takes together, and answers one a card does', async () => {
    const ibuprofen = await ask('does sertraline interact with ibuprofen?');
    expect(ibuprofen.refused).toBe(true);
    expect(ibuprofen.answerability?.interaction?.unspoken).toEqual(['ibuprofen']);
    expect(ibuprofen.answer).toMatch(/about SSRIs or SNRIs with other medicines; it does not speak of ibuprofen/);
    const statin = await ask('warfarin and atorvastatin together?');
    expect(statin.refused).toBe(true);
    expect(statin.answer).toMatch(/No card speaks of warfarin and atorvastatin together|does not speak of (warfarin|atorvastatin)/);
    const triptan = await ask('can I take sumatriptan while on sertraline?');
    expect(triptan.refused).toBe(false);
    expect(triptan.citations[0]?.card_id).toBe('ddi-ssri-triptans-tramadol');
    // Answered from the NSAIDs card, which names paracetamol as the alternative, without its "avoid" verdict on NSAIDs.
    const paracetamol = await ask('Is regular acetaminophen safe for someone on warfarin?');
    expect(paracetamol.refused).toBe(false);
    expect(paracetamol.answer.split('\n')[0]).not.toMatch(/Avoid/);
  });

  it('refuses a short question about a condition no card covers, however close a card on another condition reads, and answers one a card covers', async () => {
    // A blind user trial: the hyperkalemia card answered this, "strong", with its emergency lead.
    for (const question of ['What are the symptoms of hyponatremia?', '¿Qué síntomas tiene la hiponatremia?']) {
      const hyponatremia = await ask(question);
      expect(hyponatremia.refused, question).toBe(true);
      expect(hyponatremia.answerability?.uncovered).toEqual(['hyponatremia']);
      expect(hyponatremia.answer).toMatch(/No card covers hyponatremia|Ninguna ficha trata de hiponatremia/);
    }
    const hyperkalemia = await ask('What are the symptoms of hyperkalemia?');
    expect(hyperkalemia.refused).toBe(false);
    expect(hyperkalemia.citations[0]?.card_id).toBe('esc-hyperkalemia');
  });

  it('refuses a question whether one covered drug causes a symptom its cards never name, and answers one they do', async () => {
    const cough = await ask('Can metformin cause a cough?');
    expect(cough.refused).toBe(true);
    expect(cough.answerability?.aspect).toEqual({ asked: ['cough'], found: false });
    expect(cough.answerability?.reason).toMatch(/whether metformin causes cough/);
    const toxicity = await ask('My patient on lithium has been vomiting and has diarrhea, what should I do?');
    expect(toxicity.refused).toBe(false);
    expect(toxicity.answerability?.aspect).toEqual({ asked: ['vomiting', 'diarrhea'], found: true });
    expect(toxicity.citations[0]?.card_id).toBe('esc-lithium-toxicity');
    // Two medicines: the card on the pair answers only if it names the symptom. No card speaks of an ACE inhibitor's cough.
    const switching = await ask('Ramipril has given me a dry cough for weeks. Does it go away on its own or do I need switching to losartan?');
    expect(switching.refused).toBe(true);
    expect(switching.answerability?.aspect).toEqual({ asked: ['cough'], found: false });
    expect(switching.answerability?.reason).toMatch(/whether ramipril or losartan causes cough/);
    // Laid at the pair's door, the symptom must be on a card about them: the lithium card names both.
    const pair = await ask('Patient on lithium started ibuprofen for his back, and since starting it he has vomiting and a tremor. What should I do?');
    expect(pair.refused).toBe(false);
    expect(pair.answerability?.aspect).toEqual({ asked: ['vomiting', 'tremor'], found: true });
    // The symptom as the reason for the second medicine is no effect question: the pair's card answers.
    const reason = await ask('She takes lithium and has joint pain, is naproxen ok?');
    expect(reason.refused).toBe(false);
    expect(reason.answerability?.aspect).toBeNull();
    expect(reason.citations[0]?.card_id).toBe('ddi-lithium-nsaids-thiazides-acei');
  });

  it('reads a sign of bleeding as bleeding, both on cards that list it and on cards that speak of bleeding', async () => {
    const urine = await ask('My mother takes apixaban and since yesterday her urine is pink. Could the apixaban cause that?');
    expect(urine.refused).toBe(false);
    expect(urine.answerability?.aspect).toEqual({ asked: ['hematuria'], found: true });
    expect(urine.citations.map((citation) => citation.card_id)).toContain('esc-anticoagulant-bleeding');
    // A sign no card relates to the medicine asked about stays refused.
    const priapism = await ask('Can tadalafil cause a prolonged erection?');
    expect(priapism.refused).toBe(true);
    expect(priapism.answerability?.aspect).toEqual({ asked: ['priapism'], found: false });
  });

  it('does not count a medicine as uncovered when a card on the rest of the question names its class', async () => {
    const answer = await ask('On lisinopril for years, this morning his tongue and lips are swollen. He took diphenhydramine an hour ago with no change. What now?');
    expect(answer.answerability?.uncovered).toEqual([]);
    expect(answer.refused).toBe(false);
    expect(answer.citations[0]?.card_id).toBe('esc-angioedema-anaphylaxis');
  });

  it('answers a question about refill gaps with a medicine no card covers from the adherence card, and refuses its half-life', async () => {
    const gaps = await ask('He keeps missing his atenolol refills for months at a time. How do I approach him about the gaps?');
    expect(gaps.answerability?.uncovered).toEqual(['atenolol']);
    expect(gaps.refused).toBe(false);
    expect(gaps.citations[0]?.card_id).toBe('adh-refill-gaps-access');
    const halfLife = await ask("What's the half-life of atenolol?");
    expect(halfLife.refused).toBe(true);
    expect(halfLife.answer).toMatch(/No card covers atenolol/);
  });

  it('quotes an answer to each question of a question that asks two, and a list item with the sentence that introduces it', async () => {
    const two = await ask(
      'My father has a stent and takes clopidogrel; his GP added omeprazole for heartburn. Is omeprazole a problem? And should he stop the clopidogrel before a tooth extraction next week?',
    );
    expect(two.refused).toBe(false);
    expect(two.citations[0]?.card_id).toBe('ddi-clopidogrel-omeprazole');
    expect(two.answer).toMatch(/omeprazole or esomeprazole|weakens clopidogrel's antiplatelet effect/);
    expect(two.answer).toMatch(/stop clopidogrel/);
    const listed = await ask('Patient on metformin with an eGFR of 45 has a CT with iodinated contrast tomorrow. Should metformin be held?');
    expect(listed.refused).toBe(false);
    expect(listed.answer).toMatch(/with an eGFR between 30 and 60/);
    expect(listed.answer).toMatch(/advises stopping metformin at the time of, or before, an iodinated contrast imaging procedure in patients:/);
  });

  it('answers a story whose medicine only says who the patient is from the escalation card titled by the symptom', async () => {
    const answer = await ask("My husband is on metformin for his diabetes. He's sweaty, sick to his stomach and his jaw aches, and now a bit of chest pain. Should I call 911?");
    expect(answer.refused).toBe(false);
    expect(answer.answerability?.aspect).toEqual({ asked: ['chest pain'], found: true });
    expect(answer.citations.map((citation) => citation.card_id)).toContain('esc-chest-pain-heart-attack');
    // Ruled out ("no chest pain"), the symptom is not asked about: no effect check, and the same card answers.
    const ruledOut = await ask("My husband is on metformin for his diabetes. He's sweaty, sick to his stomach and his jaw aches, but he says there's no chest pain. Should I call 911?");
    expect(ruledOut.refused).toBe(false);
    expect(ruledOut.answerability?.aspect).toBeNull();
    expect(ruledOut.citations.map((citation) => citation.card_id)).toContain('esc-chest-pain-heart-attack');
    expect(ruledOut.answer).toMatch(/little or no chest pain/);
    // Asked outright whether the medicine causes it, the escalation card does not answer: no card says so.
    const cause = await ask('Does atorvastatin cause chest pain?');
    expect(cause.refused).toBe(true);
    expect(cause.answerability?.aspect).toEqual({ asked: ['chest pain'], found: false });
  });

  it('refuses questions that are not clinical at all, and nonsense', async () => {
    for (const question of ['What is the capital of Australia?', 'xqzzv', '¿Va a llover mañana en Sevilla?', '😂😂🙏']) {
      expect((await ask(question)).refused, question).toBe(true);
    }
  });

  it('answers a brand-name interaction question from the right card, with the fact asked for', async () => {
    const answer = await ask('She takes her Synthroid with Tums at breakfast. How far apart should they be?');
    expect(answer.refused).toBe(false);
    expect(answer.citations[0]?.card_id).toBe('ddi-levothyroxine-calcium-iron');
    expect(answer.answer).toMatch(/4 hours/);
    expect(answer.grounding.trusted).toBe(true);
  });

  it('answers a Spanish question through the English form of its drug names', async () => {
    const answer = await ask('¿Puedo darle ibuprofeno a un paciente que toma warfarina?');
    expect(answer.refused).toBe(false);
    expect(answer.citations[0]?.card_id).toBe('ddi-warfarin-nsaids');
    expect(answer.notices.map((notice) => notice.code)).toContain('translated');
  });

  it('labels KB hits by relevance and reranks with the cross-encoder', async () => {
    const output = await search('kb', 'ibuprofen with warfarin');
    expect(output.reranker).toMatch(/ms-marco-MiniLM-L-12-v2/);
    expect(output.hits[0]?.id).toBe('ddi-warfarin-nsaids');
    expect(output.hits[0]?.relevance).toBe('strong');
    expect(output.hits[0]?.explain.rerank_score).toEqual(expect.any(Number));
    expect(output.hits.some((hit) => hit.relevance !== 'strong')).toBe(true);
  });

  it('calls no card the cross-encoder did not read strong, so a search of ten answers as an answer of five does', async () => {
    // Ten hits: the cross-encoder reads the first five. The sixth and later (sildenafil, statins) were once "strong"
    // by the embedder alone, and their durations let this question through the figure check.
    const question = 'pt on Plavix 75 since a stent 2 yrs ago, booked for elective knee replacement next month. how many days pre-op does the clopidogrel need holding?';
    const output = await search('kb', question);
    expect(output.hits).toHaveLength(10);
    const unread = output.hits.filter((hit) => hit.explain.rerank_score === null || hit.explain.rerank_score === undefined);
    expect(unread.length).toBeGreaterThan(0);
    expect(unread.filter((hit) => hit.relevance === 'strong').map((hit) => hit.id)).toEqual([]);
    expect(output.refused).toBe(true);
    expect((await ask(question)).refused).toBe(true);
  });

  it('reads the example questions as a signal of answerability, and goes without them when they are switched off', async () => {
    const question = 'My dad takes Coumadin and his knee hurts, can he have some Aleve?';
    const withExamples = await ask(question);
    expect(withExamples.answerability?.model).toBe('rerank+dense+examples+multilingual');
    const signal = (answer: AskOutput, name: string) => answer.answerability?.signals.find((entry) => entry.name === name);
    // Cosines of bge-small query vectors: the question reads like one the warfarin/NSAID card answers.
    expect(signal(withExamples, 'example_answered')?.value).toBeGreaterThan(signal(withExamples, 'example_unanswered')?.value ?? 1);
    expect(signal(withExamples, 'example_answered_multilingual')?.value).toBeGreaterThan(signal(withExamples, 'example_unanswered_multilingual')?.value ?? 1);
    const status = await services.dispatcher.call('status', {}, { transport: 'cli', role: 'viewer' });
    if (!status.ok) throw new Error(status.error.message);
    // The status names the variant the answers above were scored with.
    expect(status.value).toMatchObject({ kb_examples: { calibrated: true, variant: withExamples.answerability?.model, problem: null } });

    services.settings.update({ kb: { examples: false } });
    try {
      const without = await ask(question);
      expect(without.answerability?.model).toBe('rerank+dense');
      expect(signal(without, 'example_answered')).toBeUndefined();
    } finally {
      services.settings.update({ kb: { examples: true } });
    }
  });

  it('through the example questions, answers what the cross-encoder alone refused and refuses what it answered', async () => {
    // Questions of the evaluation sets (development data for the examples variant's weights): the cross-encoder
    // reads a question about talking with a patient far lower than one about two drugs, and reads a question about
    // a covered drug's neighbour (acetaminophen's ceiling, a book) as close to the card on it.
    const discord = await ask("In MI, is discord the client's problem or mine?");
    expect(discord.refused).toBe(false);
    expect(discord.citations[0]?.card_id).toBe('mi-rolling-with-discord');
    services.settings.update({ kb: { examples: false } });
    try {
      expect((await ask("In MI, is discord the client's problem or mine?")).refused).toBe(true);
    } finally {
      services.settings.update({ kb: { examples: true } });
    }
    for (const question of [
      'Can you recommend a good book to learn motivational interviewing?',
      "What's the max amount of Tylenol per day I can tell a Coumadin patient is OK?",
      '¿Hasta cuántas horas después sirve la pastilla del día siguiente?',
    ]) {
      expect((await ask(question)).refused, question).toBe(true);
    }
  });

  it('does not let the example questions answer a question no card is relevant to on its own', async () => {
    // Written for this test (no set holds it): before the guard, the examples variant answered it from the
    // suicidal-ideation card ("do not leave the person alone"), though the cards' own model read every card as not relevant.
    const answer = await ask("My toddler won't sleep unless I stay with her, is it ok to leave her alone to cry?");
    expect(answer.answerability?.model).toBe('rerank+dense+examples+multilingual');
    expect(answer.refused).toBe(true);
    expect(answer.citations).toEqual([]);
    expect(answer.answerability?.reason).toMatch(/^No card is relevant to this question on its own/);
  });

  it("answers from its first card a story that reads close to that card's own example questions, though no card reads relevant on its own", async () => {
    // Written for this test, after set 13's TIA story: refused by the guard above until 2026-12-05 (the cards' own
    // model read 0.03; the stroke card's nearest example 0.78, firstCardExampleBar 0.60).
    const answer = await ask(
      "My father-in-law (81, on amlodipine) had an odd episode at Sunday dinner: one side of his mouth sagged and his speech went all funny for maybe ten minutes. He's totally fine now and doesn't want any fuss, he'll see the doctor next week. Should we give him an aspirin and leave it?",
    );
    expect(answer.refused).toBe(false);
    expect(answer.answerability?.reason).toMatch(/^The question reads close to one its first card answers/);
    expect(new Set(answer.citations.map((citation) => citation.card_id))).toEqual(new Set(['esc-stroke-fast']));
  });

  it('reads the signs of a stroke told in lay words, and answers from the stroke card', async () => {
    // Written for this test: before the lexicon named these signs (2026-12-05) the first was answered from the card
    // on complex regimens and the second from the card on stopping medicines when one feels well.
    for (const question of [
      "Mum (79, on ramipril) had a funny turn at the garden centre - her left hand went limp and she was muddling her words for maybe a quarter of an hour. She's right as rain now and insists she'll mention it to the GP at her review next month. Dad wants to give her one of his aspirins and let her have a lie down. Is that sensible?",
      "Grandma (85, takes atorvastatin) had a funny turn on the bus: her face went lopsided and she couldn't find her words for ten minutes or so. Now she's perfectly normal and says not to make a fuss. Shall we just give her a paracetamol and a cuppa and see how she is tomorrow?",
    ]) {
      const answer = await ask(question);
      expect(answer.refused, question).toBe(false);
      expect(answer.citations[0]?.card_id, question).toBe('esc-stroke-fast');
    }
  });

  it('answers a stroke story whose family wants to give aspirin with a drink, from the card that says nothing by mouth', async () => {
    // Written for this test (no set holds it): the old build refused it, "coffee and caffeine with aspirin" being on no
    // card about aspirin, though the stroke card says not to give food, drink or medicines by mouth.
    const answer = await ask(
      "My neighbour's speech went slurred and one side of her face sagged for about five minutes, and now she seems fine. Her husband wants to give her an aspirin with a strong coffee and see how she is tomorrow. Is that ok?",
    );
    expect(answer.refused).toBe(false);
    expect(answer.citations[0]?.card_id).toBe('esc-stroke-fast');
  });

  it('quotes what answers the nearest example questions: an ambulance call for a stroke on an anticoagulant gets "last known to be well"', async () => {
    // Written for this test (no set holds it). Without the examples' answers the stroke card was quoted without
    // either sentence (checked on 2026-12-05): the cross-encoder ranks them low for this Spanish question.
    const answer = await ask(
      'Creo que a mi tío le está dando un derrame: tiene la cara caída de un lado y no se le entiende al hablar. Toma Eliquis. Ya llamé a emergencias, ¿qué información les doy cuando lleguen?',
    );
    expect(answer.citations[0]?.card_id).toBe('esc-stroke-fast');
    expect(answer.answer).toContain('last known to be well');
    expect(answer.answer).toContain('Tell responders about anticoagulants');
  });

  it('answers a wish to die told in everyday words, in English and Spanish, from the suicidal-ideation card', async () => {
    // Written for this test: the build before the lexicon named these phrases refused both (2026-12-05).
    for (const question of ['My 16 year old just told me she wants to die. What do I do right now?', 'Mi padre dice que ya no quiere vivir y que estaría mejor muerto. ¿Qué hago?']) {
      const answer = await ask(question);
      expect(answer.refused, question).toBe(false);
      expect(answer.citations[0]?.card_id, question).toBe('esc-suicidal-ideation');
    }
  });

  it('keeps the shipped calibration: on the development questions it refuses at least 80% of the unanswerable and at most 5% of the answerable', async () => {
    const development = loadKbEvaluationCases().filter((entry) => !(entry.parts ?? []).some((part) => part.endsWith(':test')));
    const report = await runEvaluation(services, { corpus: 'kb', strategy: 'hybrid', rerank: true, cases: development });
    const whole = report.rows.find((row) => row.subset === null);
    expect(whole?.refusal?.recall).toBeGreaterThanOrEqual(0.8);
    expect(whole?.refusal?.answerable_refused_rate).toBeLessThanOrEqual(0.05);
  }, 600_000);

  it('finds no food for nonsense and says why', async () => {
    const output = await search('foods', 'xqzzv');
    expect(output.hits).toEqual([]);
    expect(output.refused).toBe(true);
    expect(output.notices.map((notice) => notice.code)).toContain('no_match');
  });

  it('marks a typo-only keyword match as a weak near spelling ("mutton" → Button mushroom), and a real match as strong', async () => {
    const mutton = await search('foods', 'mutton');
    const button = mutton.hits.find((hit) => hit.title.startsWith('Button mushroom'));
    expect(button?.explain.keyword_match).toBe('fuzzy');
    expect(button?.relevance).toBe('weak');
    const spinach = await search('foods', 'spinach');
    expect(spinach.hits[0]?.relevance).toBe('strong');
    expect(spinach.refused).toBe(false);
  });

  it('flags an off-topic catalog question as weak, and finds an exact business term strongly', async () => {
    const weather = await search('catalog', 'weather forecast for Lima tomorrow');
    expect(weather.refused).toBe(true);
    expect(weather.notices.map((notice) => notice.code)).toContain('weak_matches');
    expect(weather.hits.every((hit) => hit.relevance !== 'strong')).toBe(true);
    const overdue = await search('catalog', 'saldo vencido de la cartera');
    expect(overdue.hits[0]?.relevance).toBe('strong');
    expect(overdue.refused).toBe(false);
  });

  it('answers an English catalog question read through the glossary, and still flags an off-topic one with a glossary word', async () => {
    const peps = await search('catalog', 'which clients are PEPs');
    expect(peps.hits[0]?.id).toBe('clientes.CLI_IND_PEP');
    expect(peps.hits[0]?.relevance).toBe('strong');
    expect(peps.notices.map((notice) => notice.code)).toContain('translated');
    const promise = await search('catalog', 'did the debtor actually pay what they promised the collector');
    expect(promise.hits[0]?.source).toBe('cobranza');
    // "insurance" alone is not deposit insurance; a car quote stays unanswered.
    const car = await search('catalog', 'car insurance quote for my vehicle');
    expect(car.refused).toBe(true);
  });

  // Last: it adds a document of the user's to the KB the tests above read.
  it("does not let the shipped example questions outvote a document of the user's the cross-encoder reads as plainly about the question", async () => {
    // Written for this test. The example questions were written for the shipped cards; a clinic's own procedure has
    // none, and questions about a building's routine read closer to the ones no card answers.
    const folder = join(tempDir(), 'clinic');
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'fire-safety.md'),
      '# Fire Safety Procedure\n\n**Practice: Larkfield Surgery | Fire safety lead: Hannah Price, Practice Manager**\n\n## Weekly alarm test\n\n' +
        '- The fire alarm is tested every Wednesday at 9:15 am from call point 3, in the staff room.\n' +
        '- Reception tells patients in the waiting room beforehand that the alarm will sound for about 30 seconds.\n\n' +
        '## Evacuation\n\n- Leave by the nearest exit and go to the assembly point in the car park opposite the pharmacy.\n',
    );
    await ingestCorpus(services, services.module('kb')!, { from: folder });
    const answer = await ask('What time does the weekly fire alarm test happen, and on which day?');
    expect(answer.answerability?.signals.find((entry) => entry.name === 'rerank')?.value).toBeGreaterThanOrEqual(ownDocumentRerankBar);
    expect(answer.answerability?.model).toBe('rerank+dense+examples+multilingual (own document: rerank+dense)');
    expect(answer.refused).toBe(false);
    expect(answer.citations[0]?.card_id).toBe('fire-safety');
    expect(answer.answer).toContain('every Wednesday at 9:15 am');
    // A question the same document does not answer is still refused, by the check on what it asks for.
    const drill = await ask('Which company services the fire extinguishers at Larkfield Surgery?');
    expect(drill.refused).toBe(true);
    // And the minimum the user sets holds for it as for every question.
    services.settings.update({ kb: { min_answerability: 0.999 } });
    try {
      const strict = await ask('What time does the weekly fire alarm test happen, and on which day?');
      expect(strict.answerability?.threshold).toBe(0.999);
      expect(strict.refused).toBe(true);
    } finally {
      services.settings.update({ kb: { min_answerability: null } });
    }
  }, 300_000);
});
