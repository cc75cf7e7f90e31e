import type { AskOutput } from '../../../shared/contract.js';
import { callOperation } from '../call.js';
import { UsageError, type Command } from '../command.js';

/** `cita ask`: one question to the diary or the clinical KB; SPEC §6's JSON with --json. */
export const askCommand: Command = {
  words: ['ask'],
  summary: 'Ask the food diary or the clinical KB; every figure of the answer is checked against what was retrieved',
  usage:
    'cita ask --corpus diary|kb --question Q [--profile P] [--strategy keyword|vector|hybrid] [--today YYYY-MM-DD] [--language es|en] [--context] [--json]  ' +
    '(--today: "today" for relative periods, default the local date; --context: also print the exact context the answer was composed from)',
  options: {
    corpus: { type: 'string' },
    question: { type: 'string' },
    profile: { type: 'string' },
    strategy: { type: 'string' },
    today: { type: 'string' },
    language: { type: 'string' },
    context: { type: 'boolean' },
  },
  async run(context) {
    const { corpus, question, profile, strategy, today, language } = context.values;
    if (corpus === undefined) throw new UsageError('--corpus is required (diary or kb)');
    if (question === undefined) throw new UsageError('--question is required');
    const output = (await callOperation(context, 'ask', {
      corpus,
      question,
      ...(profile !== undefined ? { profile } : {}),
      ...(strategy !== undefined ? { strategy } : {}),
      ...(today !== undefined ? { today } : {}),
      ...(language !== undefined ? { language } : {}),
    })) as AskOutput;
    context.print(output, formatAnswer(output, context.values.context === true));
    return 0;
  },
};

/** The answer as a person reads it in a terminal: prose, disclaimer, plan, grounding, notices, citations. */
export function formatAnswer(output: AskOutput, withContext: boolean): string {
  const { grounding } = output;
  const lines = [output.answer, '', `— ${output.disclaimer}`];
  if (output.plan) {
    const { plan } = output;
    lines.push(
      `plan (${plan.planner}): ${plan.date_from} → ${plan.date_to}${plan.compare_to ? ` vs ${plan.compare_to.date_from} → ${plan.compare_to.date_to}` : ''}${plan.nutrients.length > 0 ? ` · ${plan.nutrients.join(', ')}` : ''}` +
        `${plan.meals && plan.meals.length > 0 ? ` · meals: ${plan.meals.join(', ')}` : ''}${plan.foods && plan.foods.length > 0 ? ` · foods: ${plan.foods.join(', ')}` : ''}${plan.list_entries ? ' · every entry' : plan.need_detail ? ' · per-food detail' : ''}` +
        `${plan.clamped ? ' · period clamped' : ''}${plan.refusal ? ` · refused: ${plan.refusal}` : ''}`,
    );
  }
  const verdict = grounding.trusted ? 'trusted' : 'NOT TRUSTED';
  lines.push(`grounding: ${grounding.figures.length} figures, ${grounding.verified} verified, ${grounding.unverified} unverified (${verdict}) · composer: ${output.composer}`);
  for (const figure of grounding.figures.filter((figure) => !figure.verified)) lines.push(`  unverified: ${figure.text}`);
  for (const notice of output.notices) lines.push(`note: ${notice.message}`);
  if (output.answerability)
    lines.push(`answerability (${output.answerability.model}): ${output.answerability.probability.toFixed(2)} vs ${output.answerability.threshold.toFixed(2)} — ${output.answerability.reason}`);
  if (output.refused) lines.push('refused: nothing retrieved answers this question');
  for (const citation of output.citations) {
    const where = citation.source_url ? ` ${citation.source_name ?? ''} ${citation.source_url}` : '';
    lines.push(`${citation.ref} ${citation.kind} ${citation.label}${where} (context line ${citation.context_lines.join(', ')})`);
  }
  if (withContext) lines.push('', '--- context ---', output.context);
  return lines.join('\n');
}
