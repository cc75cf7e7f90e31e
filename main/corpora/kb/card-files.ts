import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { AppError } from '../../app/errors.js';
import { CardProblem, parseCard, type Card } from './card.js';

/** The directory of shipped cards, relative to the package root. */
export const shippedCardsDirectory = join('kb', 'clinical');

/** Files in a cards directory that are documentation, not cards. */
const notCards = new Set(['readme.md']);

export interface CardSet {
  cards: Card[];
  /** A directory is the whole KB (cards absent from it are removed); a single file only adds or updates its card. */
  complete: boolean;
}

function cardFilesOf(path: string): { files: string[]; complete: boolean } {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch (error) {
    throw new AppError('invalid_input', `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (error as Error).message}.`);
  }
  if (!isDirectory) {
    if (!path.toLowerCase().endsWith('.md')) throw new AppError('invalid_input', `${path} is not a card: cards are Markdown files named <id>.md.`);
    return { files: [path], complete: false };
  }
  const files = readdirSync(path)
    .filter((name) => name.toLowerCase().endsWith('.md') && !notCards.has(name.toLowerCase()))
    .sort()
    .map((name) => join(path, name));
  if (files.length === 0) throw new AppError('invalid_input', `${path} holds no cards (<id>.md files); nothing was changed.`);
  return { files, complete: true };
}

/**
 * Reads and validates every card of a directory (or one card file) before anything is written: one bad
 * card stops the ingest, and the error names every bad file and its problem.
 */
export function readCardSet(path: string): CardSet {
  const { files, complete } = cardFilesOf(path);
  const cards: Card[] = [];
  const problems: CardProblem[] = [];
  for (const file of files) {
    const name = basename(file);
    try {
      cards.push(parseCard(name, name.replace(/\.md$/i, ''), readFileSync(file, 'utf8')));
    } catch (error) {
      if (error instanceof CardProblem) problems.push(error);
      else problems.push(new CardProblem(name, `cannot be read (${(error as Error).message})`));
    }
  }
  if (problems.length > 0) {
    const first = problems[0] as CardProblem;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more bad card${problems.length > 2 ? 's' : ''})` : '';
    throw new AppError(
      'invalid_input',
      `Card ${first.file}: ${first.problem}${more}. Nothing was changed.`,
      problems.map((problem) => `${problem.file}: ${problem.problem}`),
    );
  }
  return { cards, complete };
}
