import { nearSpelling, type SearchOutput } from '../../../shared/contract.js';
import { callOperation } from '../call.js';
import { integerFlag, UsageError, type Command } from '../command.js';

/** `cita search`: one corpus, one query, the contract's JSON. */
export const searchCommand: Command = {
  words: ['search'],
  summary: "Search a corpus: foods, catalog, kb or manuals (flat, or a manual's tree with --tree N)",
  usage: 'cita search --corpus foods|catalog|kb|manuals --query Q [--k N] [--strategy keyword|vector|hybrid] [--rerank on|off] [--tree N] [--profile P] [--json]',
  options: {
    corpus: { type: 'string' },
    query: { type: 'string' },
    k: { type: 'string' },
    strategy: { type: 'string' },
    profile: { type: 'string' },
    rerank: { type: 'string' },
    tree: { type: 'string' },
  },
  async run(context) {
    const { corpus, query, strategy, profile } = context.values;
    if (corpus === undefined) throw new UsageError('--corpus is required (foods, catalog, kb or manuals)');
    if (query === undefined) throw new UsageError('--query is required');
    const k = integerFlag(context.values, 'k', { min: 1, max: 1000 });
    const rerank = onOffFlag(context.values.rerank, '--rerank');
    // --tree N: the manuals' tree search, descending into the passages of the N best sections.
    const treeBranches = integerFlag(context.values, 'tree', { min: 1, max: 10 });
    const output = (await callOperation(context, 'search', {
      corpus,
      query,
      ...(k !== undefined ? { k } : {}),
      ...(strategy !== undefined ? { strategy } : {}),
      ...(profile !== undefined ? { profile } : {}),
      ...(rerank !== undefined ? { rerank } : {}),
      ...(treeBranches !== undefined ? { tree_branches: treeBranches } : {}),
    })) as SearchOutput;
    context.print(output, formatSearch(output));
    return 0;
  },
};

/** An on/off flag as a boolean; undefined when absent. */
export function onOffFlag(value: unknown, flag: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'on') return true;
  if (value === 'off') return false;
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a flag's value as the user typed it (a string or a boolean)
  throw new UsageError(`${flag} must be on or off (got "${String(value)}")`);
}

function formatSearch(output: SearchOutput): string {
  const reranker = output.reranker ? ` · reranked by ${output.reranker}` : '';
  const lines = [`${output.corpus} · ${output.strategy} · embedder ${output.embedder ?? 'none'}${reranker} · ${output.hits.length} hits`];
  for (const notice of output.notices) lines.push(`note: ${notice.message}`);
  output.hits.forEach((hit, index) => {
    const match = nearSpelling(hit) ? ', near spelling' : '';
    lines.push(`${String(index + 1).padStart(2)}. ${hit.title}  [${hit.id}] ${hit.source}  ${hit.relevance} · score ${hit.score.toFixed(3)} (${hit.found_by}${match})`);
    if (hit.catalog) {
      lines.push(`    ${hit.catalog.physical_name} — ${hit.catalog.definition}`);
      for (const note of hit.catalog.tribal_notes) lines.push(`    note: ${note}`);
    }
    if (hit.manual) lines.push(`    ${hit.manual.path.join(' › ')}: ${hit.manual.passage.replace(/\s+/g, ' ').slice(0, 160)}…`);
    if (hit.kb) lines.push(`    ${hit.kb.section}: ${hit.kb.passage.slice(0, 160)}…  (${hit.kb.source_url})`);
  });
  if (output.answerability) lines.push(`answerability (${output.answerability.model}): ${output.answerability.probability.toFixed(2)} vs ${output.answerability.threshold.toFixed(2)}`);
  if (output.refused) lines.push('refused: nothing relevant was retrieved');
  return lines.join('\n');
}
