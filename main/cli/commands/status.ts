import type { EmbedderChoice, Status } from '../../../shared/contract.js';
import type { Command } from '../command.js';
import { callOperation } from '../call.js';

/** `cita status`: embedder, reranker and multilingual embedder ids and modes, model files, per-corpus counts. */
export const statusCommand: Command = {
  words: ['status'],
  summary: 'Show the embedder, the reranker, their model files and per-corpus row, vector and stale-vector counts',
  usage: 'cita status [--data-dir DIR] [--json]',
  options: {},
  async run(context) {
    const status = (await callOperation(context, 'status', {})) as Status;
    context.print(status, formatStatus(status));
    return 0;
  },
};

/** The human form of `status`, one fact per line, warnings last. */
export function formatStatus(status: Status): string {
  const lines = [
    `cita ${status.app.version} — data: ${status.app.data_dir} (schema v${status.app.schema_version})`,
    `embedder: ${status.embedder.id ?? 'none'} (${status.embedder.mode}${status.embedder.threads ? `, ${status.embedder.threads} threads` : ''})`,
  ];
  if (status.embedder.choice) lines.push(`selected: ${choiceSentence(status.embedder.choice)}`);
  if (status.embedder.model_path) lines.push(`model: ${status.embedder.model_path}  sha256 ${status.embedder.model_sha256 ?? '?'}`);
  if (status.embedder.problem) lines.push(`note: ${status.embedder.problem}`);
  const batching = status.embedder.batching;
  if (batching) lines.push(`batching: ${batching.mode === 'equal-length' ? 'texts of one token length share an inference (rowwise q8 graph)' : 'one text at a time'}`);
  if (batching?.problem) lines.push(`note: ${batching.problem}`);
  lines.push(`reranker: ${status.reranker.id ?? 'none'} (${status.reranker.mode})`);
  if (status.reranker.model_path) lines.push(`reranker model: ${status.reranker.model_path}  sha256 ${status.reranker.model_sha256 ?? '?'}`);
  if (status.reranker.problem) lines.push(`note: ${status.reranker.problem}`);
  if (status.kb_examples) {
    const examples = status.kb_examples;
    lines.push(`kb example questions: ${examples.answered} that a card answers, ${examples.unanswered} that no card answers`);
    if (examples.variant)
      lines.push(
        `kb answerability: ${examples.variant} (the example questions also order the cards the cross-encoder read, what answers the nearest ones is quoted, and a question whose cosine to an example of its first card reaches ${examples.first_card_bar?.toFixed(2) ?? '—'} is answered from that card)`,
      );
    if (examples.problem) lines.push(`note: ${examples.problem}`);
  }
  if (status.multilingual) {
    const multilingual = status.multilingual;
    lines.push(`cross-language: ${multilingual.id ?? 'off'} (${multilingual.mode === 'keyword-only' ? 'off' : multilingual.mode})`);
    if (multilingual.model_path) lines.push(`multilingual model: ${multilingual.model_path}  sha256 ${multilingual.model_sha256 ?? '?'}`);
    if (multilingual.problem) lines.push(`note: ${multilingual.problem}`);
    if (multilingual.mode !== 'keyword-only') {
      for (const corpus of multilingual.corpora) lines.push(`  ${corpus.corpus.padEnd(8)} multilingual vectors ${corpus.vectors}  stale ${corpus.stale}  missing ${corpus.missing}`);
    }
  }
  if (status.corpora.length === 0) lines.push('no corpora loaded yet (run "cita seed")');
  for (const corpus of status.corpora) {
    lines.push(`${corpus.corpus.padEnd(8)} rows ${corpus.rows}  vectors ${corpus.vectors}  stale ${corpus.stale}  missing ${corpus.missing}${corpus.store ? `  on ${corpus.store}` : ''}`);
  }
  for (const corpus of status.stored) lines.push(`${corpus.corpus.padEnd(8)} rows ${corpus.rows}  on ${corpus.store}`);
  for (const warning of status.warnings) lines.push(`warning: ${warning.message}`);
  return lines.join('\n');
}

const providerNames: Record<EmbedderChoice['provider'], string> = { local: 'local', gemini: 'Gemini', voyage: 'Voyage', none: 'none (keyword search only)' };

/** Which embedder every corpus's semantic search uses and why, e.g. "Voyage (a Voyage key is stored)". */
export function choiceSentence(choice: EmbedderChoice): string {
  const name = providerNames[choice.provider];
  switch (choice.reason) {
    case 'voyage_key':
      return `${name} (a Voyage key is stored)`;
    case 'no_voyage_key':
      return `${name} (automatic: no Voyage key is stored)`;
    case 'settings':
      return `${name} (chosen in settings)`;
    case 'fallback':
      return `${name} (the cloud embedder could not be used: see the note)`;
  }
}
