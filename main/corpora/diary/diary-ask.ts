import type { AskInput, AskOutput, Citation, Language, Notice } from '../../../shared/contract.js';
import type { Settings } from '../../../shared/settings.js';
import { checkAttributedGrounding } from '../../answer/attributed-grounding.js';
import { buildComparisonContext } from '../../answer/comparison-context.js';
import { buildDiaryContext, type DiaryContext } from '../../answer/diary-context.js';
import { composeDiaryAnswer } from '../../answer/diary-composer.js';
import { composeRefusal } from '../../answer/diary-refusals.js';
import { answerLanguage, diaryDisclaimer } from '../../core/language.js';
import { composeWithLlm } from '../../answer/llm-composer.js';
import { planWithLlm } from '../../answer/llm-planner.js';
import { llmFromSettings } from '../../answer/llm/create-llm.js';
import type { LlmClient } from '../../answer/llm/llm-client.js';
import { adjustmentNotice, listWords, sanitizePlan, type PlanAdjustment, type RawPlan, type SanitizedPlan } from '../../answer/plan-sanitizer.js';
import { planFromRules } from '../../answer/rule-planner.js';
import { localToday } from '../../core/local-today.js';
import type { DiaryStore } from './diary-store.js';
import { retrieveForPlan } from './diary-retrieve.js';

export interface DiaryAskDeps {
  store: DiaryStore;
  requireProfile(profile: string): void;
  settings(): Settings;
  /** Process environment (API keys); tests pass their own. */
  environment?: NodeJS.ProcessEnv;
}

function llmNotice(language: Language, step: 'plan' | 'answer', reason: string): Notice {
  return language === 'es'
    ? {
        code: 'llm_failed',
        message: `El modelo de lenguaje falló al ${step === 'plan' ? 'planificar' : 'redactar'} (${reason}); se usó el ${step === 'plan' ? 'planificador por reglas' : 'redactor sin conexión'}.`,
      }
    : {
        code: 'llm_failed',
        message: `The language model failed to ${step === 'plan' ? 'plan' : 'write the answer'} (${reason}); the offline ${step === 'plan' ? 'rule-based planner' : 'composer'} was used instead.`,
      };
}

function untrustedNotice(language: Language, missing: string[], misattributed: string[]): Notice {
  const es = language === 'es';
  const parts: string[] = [];
  if (missing.length > 0) {
    const list = missing.slice(0, 5).join(', ');
    parts.push(es ? `${missing.length} cifra(s) de la respuesta no están en los datos recuperados (${list})` : `${missing.length} figure(s) in the answer are not in the retrieved rows (${list})`);
  }
  if (misattributed.length > 0) {
    const list = misattributed.slice(0, 5).join(', ');
    parts.push(
      es
        ? `${misattributed.length} cifra(s) están en los datos pero no en la fila del alimento o el día a los que la respuesta las atribuye (${list})`
        : `${misattributed.length} figure(s) are in the retrieved rows but not in the row of the food or day the answer gives them to (${list})`,
    );
  }
  return { code: 'untrusted', message: `${parts.join('; ')}${es ? ': la respuesta no es confiable.' : ': the answer is not trusted.'}` };
}

/** Citations for a model's prose: each context line holding a verified figure, as a day or an entry. */
function citationsFromGrounding(context: DiaryContext, lines: readonly number[]): Citation[] {
  const byLine = new Map(context.rows.map((row) => [row.line, row]));
  return [...new Set(lines)]
    .sort((left, right) => left - right)
    .flatMap((line) => {
      const row = byLine.get(line);
      if (!row) return [];
      return [row];
    })
    .map((row, index) => {
      const entry = row.section === 'foods' || row.section === 'food_totals';
      const date = row.cells.date;
      const label = entry ? [row.cells.item, date].filter(Boolean).join(', ') : (date ?? row.cells.statistic ?? row.cells.nutrient ?? row.section);
      return { ref: `[${index + 1}]`, kind: entry ? 'diary-entry' : 'diary-day', label: String(label), context_lines: [row.line], ...(date ? { date } : {}) } satisfies Citation;
    });
}

/** Adjustments a refusal's answer already says: not repeated as notices. */
const saidByRefusal: ReadonlySet<PlanAdjustment['code']> = new Set(['untracked_nutrient', 'not_understood', 'future_period', 'invalid_date']);

/**
 * "Ask your log": plan (rules, or the configured LLM), sanitize, then either refuse with the reason (a nutrient cita
 * does not track, a question it did not understand, the future, a date that does not exist) or retrieve from the
 * views (one period, or two side by side), build the CSV context, answer (the deterministic composer, or the LLM
 * told to use only context figures), and check every figure of the answer against the context and against the
 * food and day its sentence gives it to. The answer is in the question's language (the screen's when the question
 * is too short to tell). Any LLM failure falls back to the offline path with a notice.
 */
export async function askDiary(deps: DiaryAskDeps, input: AskInput): Promise<AskOutput> {
  deps.requireProfile(input.profile);
  const language = answerLanguage(input.question, { language: input.language, uiLanguage: input.ui_language });
  const today = input.today ?? localToday();
  const notices: Notice[] = [];
  const choice = llmFromSettings(deps.settings().llm, deps.environment ?? process.env);
  let client: LlmClient | null = null;
  if (choice.kind === 'client') client = choice.client;
  if (choice.kind === 'misconfigured') {
    notices.push({
      code: 'llm_unavailable',
      message: language === 'es' ? `Sin modelo de lenguaje: ${choice.problem}; se usa el modo sin conexión.` : `No language model: ${choice.problem}; the offline path is used.`,
    });
  }

  let raw: RawPlan | null = null;
  let planner: 'rules' | 'llm' = 'rules';
  if (client) {
    try {
      raw = await planWithLlm(client, input.question, today);
      planner = 'llm';
    } catch (error) {
      notices.push(llmNotice(language, 'plan', (error as Error).message));
    }
  }
  // The LLM's plan has no foods field: the foods a question names are read from its words either way, and so is a
  // question the log cannot answer though it uses its words (advice, what a food contains, someone else's eating).
  const rules = planFromRules(input.question, today);
  if (raw) raw = { ...raw, ...(raw.foods === undefined ? { foods: rules.foods } : {}), ...(rules.out_of_scope ? { out_of_scope: rules.out_of_scope } : {}) };
  raw ??= rules;
  let { plan, adjustments } = sanitizePlan(raw, { today, planner });
  // A refusal states its reason in the answer, and its period or nutrient defaults do not matter.
  const toldOf = (checked: SanitizedPlan) =>
    checked.adjustments
      // A question not understood looked nothing up: no notice about its period or nutrients either.
      .filter((adjustment) => !checked.plan.refusal || (checked.plan.refusal !== 'not_understood' && !saidByRefusal.has(adjustment.code) && adjustment.code !== 'period_defaulted'))
      .map((adjustment) => adjustmentNotice(adjustment, language));
  const planNoticesAt = notices.length;
  const planNotices = toldOf({ plan, adjustments });
  notices.push(...planNotices);

  if (plan.refusal) {
    const refusal = composeRefusal(plan, adjustments, language, today);
    return {
      corpus: 'diary',
      question: input.question,
      language,
      answer: refusal.answer,
      citations: [],
      plan,
      notices,
      refused: true,
      refusal: plan.refusal,
      disclaimer: diaryDisclaimer(language, { planner, composer: 'deterministic' }),
      context: refusal.context,
      grounding: checkAttributedGrounding(refusal.answer, refusal.context),
      composer: 'deterministic',
      embedder: null,
    };
  }

  const contextFor = async (planned: typeof plan): Promise<DiaryContext> => {
    if (!planned.compare_to) return buildDiaryContext(planned, await retrieveForPlan(deps.store, input.profile, planned));
    // A comparison reads whole days, and the named foods' totals when it names foods (no other detail).
    const read = (planned.foods ?? []).length > 0 ? planned : { ...planned, need_detail: false };
    const second = { from: planned.compare_to.date_from, to: planned.compare_to.date_to };
    return buildComparisonContext(planned, await retrieveForPlan(deps.store, input.profile, read), await retrieveForPlan(deps.store, input.profile, read, second));
  };
  let context = await contextFor(plan);
  // No entry has a name the question gave, but it also names a nutrient or a meal: the words read as a food may not
  // be one ("was there a day I went over my sodium target"), so whole days answer, and the user is told.
  const unmatched = context.namedFoods?.every((named) => named.items.length === 0) === true;
  if (unmatched && (!plan.defaults?.includes('nutrients') || (plan.meals ?? []).length > 0)) {
    const names = (plan.foods ?? []).map((food) => (language === 'es' ? `«${food}»` : `"${food}"`));
    ({ plan, adjustments } = sanitizePlan({ ...raw, foods: [] }, { today, planner }));
    notices.splice(planNoticesAt, planNotices.length, ...toldOf({ plan, adjustments }));
    context = await contextFor(plan);
    notices.push({
      code: 'foods_unmatched',
      message:
        language === 'es'
          ? `Ninguna entrada ${plan.compare_to ? 'de los dos periodos' : 'del periodo'} es de un alimento llamado ${listWords(names, 'es')}: se muestran los días enteros.`
          : `No entry of ${plan.compare_to ? 'either period' : 'the period'} is of a food called ${listWords(names, 'en')}: whole days are shown.`,
    });
  }
  notices.push(...context.notices);

  const offline = composeDiaryAnswer(plan, context, language);
  // No entry of the foods named: which nutrient each entry would have shown with does not matter.
  if (offline.refusal === 'no_food_entries') notices.splice(0, notices.length, ...notices.filter((notice) => notice.code !== 'nutrients_defaulted'));
  let answer = offline.answer;
  let citations = offline.citations;
  let composer: AskOutput['composer'] = 'deterministic';
  if (client && !offline.empty) {
    try {
      answer = await composeWithLlm(client, input.question, context.text, language);
      composer = 'llm';
    } catch (error) {
      notices.push(llmNotice(language, 'answer', (error as Error).message));
    }
  }

  const grounding = checkAttributedGrounding(answer, context.text);
  if (composer === 'llm')
    citations = citationsFromGrounding(
      context,
      grounding.figures.flatMap((figure) => (figure.verified ? figure.context_lines : [])),
    );
  if (!grounding.trusted) {
    const unverified = grounding.figures.filter((figure) => !figure.verified);
    notices.push(
      untrustedNotice(
        language,
        unverified.filter((figure) => figure.attribution !== 'misattributed').map((figure) => figure.text),
        unverified.filter((figure) => figure.attribution === 'misattributed').map((figure) => figure.text),
      ),
    );
  }

  return {
    corpus: 'diary',
    question: input.question,
    language,
    answer,
    citations,
    plan,
    notices,
    refused: offline.empty,
    ...(offline.refusal ? { refusal: offline.refusal } : {}),
    disclaimer: diaryDisclaimer(language, { planner, composer }),
    context: context.text,
    grounding,
    composer,
    embedder: null,
  };
}
