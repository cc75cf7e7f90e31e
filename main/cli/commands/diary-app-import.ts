import type { ImportChoice, ImportPreview, ImportPreviewRow } from '../../../shared/contract.js';
import { appExportNames } from '../../../shared/diary-import-formats.js';
import { formatDecimal } from '../../answer/decimal-format.js';
import { callOperation } from '../call.js';
import { UsageError, type CommandContext } from '../command.js';

/** The flags of `cita diary import` that only another app's export takes. */
export const appImportOptions = {
  confirm: { type: 'boolean' },
  'accept-weak': { type: 'boolean' },
  exclude: { type: 'string', multiple: true },
  match: { type: 'string', multiple: true },
  grams: { type: 'string', multiple: true },
} as const;

function listOf(context: CommandContext, name: string): string[] {
  const raw = context.values[name];
  return (Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

function lineNumber(text: string, flag: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 2) throw new UsageError(`--${flag} takes line numbers of the file (2 or more), e.g. --${flag} 7 (got "${text.slice(0, 40)}")`);
  return Number(text);
}

/** The choices the flags make: --exclude 7,9 · --match 7=E012 · --grams 9=240. */
export function choicesOf(context: CommandContext): ImportChoice[] {
  const choices = new Map<number, ImportChoice>();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- without it the rule's fix widens the result to include undefined (tsc then fails)
  const choice = (line: number) => choices.get(line) ?? (choices.set(line, { line }).get(line) as ImportChoice);
  for (const text of listOf(context, 'exclude')) choice(lineNumber(text, 'exclude')).exclude = true;
  for (const text of listOf(context, 'match')) {
    const [line, code] = text.split('=');
    if (!line || !code) throw new UsageError(`--match takes LINE=CODE, e.g. --match 7=E012 (got "${text.slice(0, 40)}")`);
    choice(lineNumber(line, 'match')).food = code.trim();
  }
  for (const text of listOf(context, 'grams')) {
    const [line, grams] = text.split('=');
    if (!line || !grams || !/^\d+(?:\.\d+)?$/.test(grams.trim()) || Number(grams) <= 0) throw new UsageError(`--grams takes LINE=GRAMS, e.g. --grams 9=240 (got "${text.slice(0, 40)}")`);
    choice(lineNumber(line, 'grams')).grams = Number(grams);
  }
  return [...choices.values()];
}

const statusLabels: Record<ImportPreviewRow['status'], string> = {
  ready: 'ok',
  weak: 'WEAK',
  unmatched: 'NO MATCH',
  no_grams: 'NO GRAMS',
  invalid: 'INVALID',
  excluded: 'excluded',
};

function describeRow(row: ImportPreviewRow): string {
  const amount = row.portion ? `${formatDecimal(row.portion.quantity)} × ${row.portion.name.en} = ${formatDecimal(row.grams ?? 0)} g` : row.grams !== null ? `${formatDecimal(row.grams)} g` : '—';
  const match = row.match ? `${row.match.code} ${row.match.name} [${row.chosen ? 'chosen' : row.match.relevance}]` : '—';
  const head = `line ${row.line} ${row.date} ${row.meal ?? '?'}: "${row.name}" ${row.amount} → ${match}, ${amount}  ${statusLabels[row.status]}`;
  const others = row.status === 'weak' || row.status === 'unmatched' ? row.candidates.filter((candidate) => candidate.code !== row.match?.code) : [];
  return [
    head,
    ...(row.problem ? [`    ${row.problem}`] : []),
    ...(others.length > 0 ? [`    others: ${others.map((candidate) => `${candidate.code} ${candidate.name} [${candidate.relevance}]`).join('; ')}`] : []),
  ].join('\n');
}

/** The preview as the terminal shows it: one line per row, then the counts and what to do next. */
export function previewText(preview: ImportPreview): string {
  const { counts } = preview;
  const open = counts.weak + counts.unmatched + counts.no_grams + counts.invalid;
  return [
    `${appExportNames[preview.format]} export: ${counts.rows} rows${preview.date_from ? ` from ${preview.date_from} to ${preview.date_to}` : ''} (matched with ${preview.embedder ?? 'keyword search only'})`,
    ...preview.rows.map(describeRow),
    `${counts.ready} ready, ${counts.weak} weak, ${counts.unmatched} without a match, ${counts.no_grams} without grams, ${counts.invalid} invalid, ${counts.excluded} excluded; nothing written.`,
    open === 0
      ? 'Import them with --confirm.'
      : 'Resolve every row, then import with --confirm: --match LINE=CODE chooses a food, --grams LINE=G gives grams, --exclude LINE leaves a row out, --accept-weak takes the weak matches as shown.',
  ].join('\n');
}

/** `cita diary import` of a Cronometer or MyFitnessPal export: a preview by default, the import with --confirm. */
export async function runAppImport(context: CommandContext, csv: string, profile: { profile?: string }): Promise<number> {
  const input = { csv, choices: choicesOf(context), accept_weak: context.values['accept-weak'] === true, ...profile };
  if (context.values.confirm === true && context.values['dry-run'] !== true) {
    const result = (await callOperation(context, 'diary.import.confirm', { ...input, allow_repeat: context.values['allow-repeat'] === true }, { fromFile: ['csv'] })) as {
      format: ImportPreview['format'];
      added: number;
      excluded: number;
      date_from: string | null;
      date_to: string | null;
    };
    const span = result.date_from ? ` from ${result.date_from} to ${result.date_to}` : '';
    context.print(result, `imported ${result.added} entries${span} from ${appExportNames[result.format]}${result.excluded > 0 ? ` (${result.excluded} rows excluded)` : ''}`);
    return 0;
  }
  const preview = (await callOperation(context, 'diary.import.preview', input, { fromFile: ['csv'] })) as ImportPreview;
  context.print(preview, previewText(preview));
  return 0;
}
