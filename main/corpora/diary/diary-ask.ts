import type { AskInput, AskOutput, Citation, Language, Notice } from '../../../shared/contract.js';
import type { Settings } from '../../../shared/settings.js';
import { buildDiaryContext, type DiaryContext } from '../../answer/diary-context.js';
import { composeDiaryAnswer } from '../../answer/diary-composer.js';
import { checkGrounding } from '../../answer/grounding.js';
import { detectLanguage, diaryDisclaimer } from '../../answer/language.js';
import { composeWithLlm } from '../../answer/llm-composer.js';
import { planWithLlm } from '../../answer/llm-planner.js';
import { llmFromSettings } from '../../answer/llm/create-llm.js';
import type { LlmClient } from '../../answer/llm/llm-client.js';
import { adjustmentNotice, sanitizePlan, type RawPlan } from '../../answer/plan-sanitizer.js';
import { planFromRules } from '../../answer/rule-planner.js';
import { localToday } from '../../app/seed.js';
import type { DiaryRepository } from './diary-repository.js';
import { retrieveForPlan } from './diary-retrieve.js';

export interface DiaryAskDeps {
  repository: DiaryRepository;
  requireProfile(profile: string): void;
  settings(): Settings;
  /** Process environment (API keys); tests pass their own. */
  environment?: NodeJS.ProcessEnv;
}

function llmNotice(language: Language, step: 'plan' | 'answer', reason: string): Notice {
  return language === 'es'
    ? { code: 'llm_failed', message: `El modelo de lenguaje falló al ${step === 'plan' ? 'planificar' : 'redactar'} (${reason}); se usó el ${step === 'plan' ? 'planificador por reglas' : 'redactor sin conexión'}.` }
    : { code: 'llm_failed', message: `The language model failed to ${step === 'plan' ? 'plan' : 'write the answer'} (${reason}); the offline ${step === 'plan' ? 'rule-based planner' : 'composer'} was used instead.` };
}

function untrustedNotice(language: Language, figures: string[]): Notice {
  const list = figures.slice(0, 5).join(', ');
  return language === 'es'
    ? { code: 'untrusted', message: `${figures.length} cifra(s) de la respuesta no están en los datos recuperados (${list}): la respuesta no es confiable.` }
    : { code: 'untrusted', message: `${figures.length} figure(s) in the answer are not in the retrieved rows (${list}): the answer is not trusted.` };
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

/**
 * "Ask your log": plan (rules, or the configured LLM), sanitize, retrieve from the views, build the CSV context,
 * answer (the deterministic composer, or the LLM told to use only context figures), then check every figure of the
 * answer against the context. Any LLM failure falls back to the offline path with a notice.
 */
export async function askDiary(deps: DiaryAskDeps, input: AskInput): Promise<AskOutput> {
  deps.requireProfile(input.profile);
  const language = input.language ?? detectLanguage(input.question);
  const today = input.today ?? localToday();
  const notices: Notice[] = [];
  const choice = llmFromSettings(deps.settings().llm, deps.environment ?? process.env);
  let client: LlmClient | null = null;
  if (choice.kind === 'client') client = choice.client;
  if (choice.kind === 'misconfigured') {
    notices.push({ code: 'llm_unavailable', message: language === 'es' ? `Sin modelo de lenguaje: ${choice.problem}; se usa el modo sin conexión.` : `No language model: ${choice.problem}; the offline path is used.` });
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
  raw ??= planFromRules(input.question, today);
  const { plan, adjustments } = sanitizePlan(raw, { today, planner });
  notices.push(...adjustments.map((adjustment) => adjustmentNotice(adjustment, language)));

  const context = buildDiaryContext(plan, retrieveForPlan(deps.repository, input.profile, plan));
  notices.push(...context.notices);

  const offline = composeDiaryAnswer(plan, context, language);
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

  const grounding = checkGrounding(answer, context.text);
  if (composer === 'llm') citations = citationsFromGrounding(context, grounding.figures.flatMap((figure) => (figure.verified ? figure.context_lines : [])));
  if (!grounding.trusted) {
    notices.push(untrustedNotice(language, grounding.figures.filter((figure) => !figure.verified).map((figure) => figure.text)));
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
    disclaimer: diaryDisclaimer(language),
    context: context.text,
    grounding,
    composer,
    embedder: null,
  };
}
