import type { SearchOutput } from '../../../shared/contract.js';
import { callOperation } from '../call.js';
import { integerFlag, UsageError, type Command } from '../command.js';

/** `cita search`: one corpus, one query, the contract's JSON. */
export const searchCommand: Command = {
  words: ['search'],
  summary: 'Search a corpus: foods, catalog or kb',
  usage: 'cita search --corpus foods|catalog|kb --query Q [--k N] [--strategy keyword|vector|hybrid] [--profile P] [--json]',
  options: { corpus: { type: 'string' }, query: { type: 'string' }, k: { type: 'string' }, strategy: { type: 'string' }, profile: { type: 'string' } },
  async run(context) {
    const { corpus, query, strategy, profile } = context.values;
    if (corpus === undefined) throw new UsageError('--corpus is required (foods, catalog or kb)');
    if (query === undefined) throw new UsageError('--query is required');
    const k = integerFlag(context.values, 'k', { min: 1, max: 100 });
    const output = (await callOperation(context, 'search', {
      corpus,
      query,
      ...(k !== undefined ? { k } : {}),
      ...(strategy !== undefined ? { strategy } : {}),
      ...(profile !== undefined ? { profile } : {}),
    })) as SearchOutput;
    context.print(output, formatSearch(output));
    return 0;
  },
};

function formatSearch(output: SearchOutput): string {
  const lines = [`${output.corpus} · ${output.strategy} · embedder ${output.embedder ?? 'none'} · ${output.hits.length} hits`];
  for (const notice of output.notices) lines.push(`note: ${notice.message}`);
  output.hits.forEach((hit, index) => {
    lines.push(`${String(index + 1).padStart(2)}. ${hit.title}  [${hit.id}] ${hit.source}  score ${hit.score.toFixed(3)} (${hit.found_by})`);
    if (hit.catalog) {
      lines.push(`    ${hit.catalog.physical_name} — ${hit.catalog.definition}`);
      for (const note of hit.catalog.tribal_notes) lines.push(`    note: ${note}`);
    }
    if (hit.kb) lines.push(`    ${hit.kb.section}: ${hit.kb.passage.slice(0, 160)}…  (${hit.kb.source_url})`);
  });
  if (output.refused) lines.push('refused: nothing relevant was retrieved');
  return lines.join('\n');
}
