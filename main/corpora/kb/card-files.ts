import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { AppError } from '../../core/errors.js';
import { etaOf } from '../../core/progress.js';
import { CardProblem, type Card } from './card.js';
import { DocumentSetProblems, documentExtensions, readBeirCorpus, readDocumentFile } from './document-files.js';

/** The directory of shipped cards, relative to the package root. */
export const shippedCardsDirectory = join('kb', 'clinical');

/** Files in a cards directory that are documentation, not cards. */
const notCards = new Set(['readme.md']);

export interface CardSet {
  cards: Card[];
  /** A directory is the whole KB (cards absent from it are removed); a single file only adds or updates its card. */
  complete: boolean;
}

/** Every document file under a folder (sub-folders too), as paths relative to it, sorted; hidden files skipped. */
function documentFilesUnder(root: string, relative = ''): string[] {
  const names = readdirSync(join(root, relative), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return names.flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) return documentFilesUnder(root, path);
    if (!entry.isFile() || !documentExtensions.has(extname(entry.name).toLowerCase())) return [];
    return notCards.has(entry.name.toLowerCase()) ? [] : [path];
  });
}

/** Every card or document file under a folder, as full paths, in the order an ingest reads them. */
export function documentFilesIn(root: string): string[] {
  return documentFilesUnder(root).map((path) => join(root, path));
}

function problemsError(problems: readonly CardProblem[]): AppError {
  const first = problems[0] as CardProblem;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more bad card${problems.length > 2 ? 's' : ''} or document${problems.length > 2 ? 's' : ''})` : '';
  return new AppError(
    'invalid_input',
    `Card ${first.file}: ${first.problem}${more}. Nothing was changed.`,
    problems.map((problem) => `${problem.file}: ${problem.problem}`),
  );
}

/**
 * Reads and validates everything a KB ingest is given before anything is written: a folder of cards and documents
 * (Markdown, text, HTML, PDF; the whole KB), one such file (added or updated only), or a BEIR corpus.jsonl (the
 * whole KB). One bad file or line stops the ingest, and the error names every bad one and its problem.
 */
export async function readKbSource(path: string, onProgress?: (message: string) => void): Promise<CardSet> {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch (error) {
    throw new AppError('invalid_input', `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (error as Error).message}.`);
  }
  if (!isDirectory && path.toLowerCase().endsWith('.jsonl')) {
    try {
      const cards = readBeirCorpus(path);
      if (cards.length === 0) throw new AppError('invalid_input', `${path} holds no documents; nothing was changed.`);
      return { cards, complete: true };
    } catch (error) {
      if (error instanceof DocumentSetProblems) throw problemsError(error.problems);
      if (error instanceof CardProblem) throw problemsError([error]);
      throw error;
    }
  }
  if (!isDirectory && !documentExtensions.has(extname(path).toLowerCase())) {
    throw new AppError('invalid_input', `${path} is not a card or a document: cita reads Markdown cards, .md, .txt, .html and .pdf files, folders of them, and BEIR corpus.jsonl files.`);
  }
  const root = isDirectory ? path : dirname(path);
  const files = isDirectory ? documentFilesUnder(path) : [basename(path)];
  if (files.length === 0) throw new AppError('invalid_input', `${path} holds no cards or documents (.md, .txt, .html, .pdf files); nothing was changed.`);
  const cards: Card[] = [];
  const problems: CardProblem[] = [];
  const started = Date.now();
  for (const [index, name] of files.entries()) {
    try {
      cards.push(await readDocumentFile({ name, path: join(root, name) }));
    } catch (error) {
      if (error instanceof CardProblem) problems.push(error);
      else problems.push(new CardProblem(name, `cannot be read (${(error as Error).message})`));
    }
    if (files.length > 1) onProgress?.(`reading ${index + 1} of ${files.length} files${etaOf(index + 1, files.length, Date.now() - started)}`);
  }
  const owners = new Map<string, string>();
  for (const card of cards) {
    const other = owners.get(card.id);
    if (other !== undefined) problems.push(new CardProblem(card.original_id ?? card.id, `gives the same id "${card.id}" as ${other}: rename one of them`));
    else owners.set(card.id, card.original_id ?? `${card.id}.md`);
  }
  if (problems.length > 0) throw problemsError(problems);
  return { cards, complete: isDirectory };
}
